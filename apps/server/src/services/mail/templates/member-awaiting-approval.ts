import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/**
 * To an account's admin, in their language: someone signed in with an address of the account's
 * verified domain and waits for their approval on the team page.
 */
export function renderMemberAwaitingApprovalMail(
  translations: Translations,
  lng: Language,
  { email, accountName, link }: { email: string; accountName: string; link: string },
): RenderedMail {
  const values = { email, account: accountName };
  const t = (key: string) =>
    translate(translations, 'mail', lng, `awaitingApproval.${key}`, values);
  const subject = t('subject');
  const body = `<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(t('intro'))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(link)}" style="display:inline-block;background:#c01f1f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('button'))}</a></p>
<p style="font-size:14px;color:#4b5260">${escapeHtml(t('ignore'))}</p>
<p>${escapeHtml(t('signature'))}</p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('intro'),
    body,
    footer: t('footer'),
  });
  const text = [
    t('greeting'),
    '',
    t('intro'),
    '',
    `${t('button')}: ${link}`,
    '',
    t('ignore'),
    '',
    t('signature'),
    '',
    '--',
    t('footer'),
  ].join('\n');
  return { subject, html, text };
}
