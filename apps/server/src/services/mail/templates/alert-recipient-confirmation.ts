import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/**
 * The one mail an outside alert recipient gets before confirming: who added them, and the
 * one-time link that confirms. Without it they receive nothing.
 */
export function renderAlertRecipientConfirmationMail(
  translations: Translations,
  lng: Language,
  { link, account }: { link: string; account: string },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const subject = t('alertRecipient.subject', { account });
  const body = `<p>${escapeHtml(t('alertRecipient.intro', { account }))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('alertRecipient.button'))}</a></p>
<p style="font-size:14px;color:#4b5260">${escapeHtml(t('alertRecipient.ignore'))}</p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('alertRecipient.intro', { account }),
    body,
    footer: t('alertRecipient.footer'),
  });
  const text = [
    t('alertRecipient.intro', { account }),
    '',
    `${t('alertRecipient.button')}: ${link}`,
    '',
    t('alertRecipient.ignore'),
    '',
    '--',
    t('alertRecipient.footer'),
  ].join('\n');
  return { subject, html, text };
}
