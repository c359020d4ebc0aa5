import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The sign-in mail: the link as a button and as text, in the reader's language. */
export function renderSignInLinkMail(
  translations: Translations,
  lng: Language,
  { link, validMinutes }: { link: string; validMinutes: number },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const minutes = String(validMinutes);
  const subject = t('signIn.subject');
  const body = `<p>${escapeHtml(t('signIn.greeting'))}</p>
<p>${escapeHtml(t('signIn.intro', { minutes }))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(link)}" style="display:inline-block;background:#c01f1f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('signIn.button'))}</a></p>
<p style="font-size:14px">${escapeHtml(t('signIn.linkIntro'))}<br><a href="${escapeHtml(link)}" style="color:#1852a8;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#4b5260">${escapeHtml(t('signIn.ignore'))}</p>
<p>${escapeHtml(t('signIn.signature'))}</p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('signIn.preheader'),
    body,
    footer: t('footer'),
  });
  const text = [
    t('signIn.greeting'),
    '',
    t('signIn.intro', { minutes }),
    '',
    `${t('signIn.button')}: ${link}`,
    '',
    t('signIn.ignore'),
    '',
    t('signIn.signature'),
    '',
    '--',
    t('footer'),
  ].join('\n');
  return { subject, html, text };
}
