import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/**
 * The answer to a registration request, in the user's language: approved into an account (with
 * a link to the portal), or rejected with the provider's reason.
 */
export function renderRegistrationDecisionMail(
  translations: Translations,
  lng: Language,
  decision:
    { approved: true; accountName: string; link: string } | { approved: false; reason: string },
): RenderedMail {
  const values: Record<string, string> = decision.approved
    ? { account: decision.accountName }
    : { reason: decision.reason };
  const t = (key: string) => translate(translations, 'mail', lng, `registration.${key}`, values);
  const subject = t(decision.approved ? 'approvedSubject' : 'rejectedSubject');
  const message = t(decision.approved ? 'approved' : 'rejected');
  const button = decision.approved
    ? `<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(decision.link)}" style="display:inline-block;background:#c01f1f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('button'))}</a></p>`
    : '';
  const body = `<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(message)}</p>
${button}
<p>${escapeHtml(t('signature'))}</p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: message,
    body,
    footer: t('footer'),
  });
  const text = [
    t('greeting'),
    '',
    message,
    ...(decision.approved ? ['', `${t('button')}: ${decision.link}`] : []),
    '',
    t('signature'),
    '',
    '--',
    t('footer'),
  ].join('\n');
  return { subject, html, text };
}
