import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/** The invitation mail, in the invitee's language: who invites, to which account, the link. */
export function renderInvitationMail(
  translations: Translations,
  lng: Language,
  {
    link,
    accountName,
    inviter,
    validDays,
  }: { link: string; accountName: string; inviter: string; validDays: number },
): RenderedMail {
  const values = { account: accountName, inviter, days: String(validDays) };
  const t = (key: string) => translate(translations, 'mail', lng, key, values);
  const subject = t('invitation.subject');
  const body = `<p>${escapeHtml(t('invitation.greeting'))}</p>
<p>${escapeHtml(t('invitation.intro'))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(link)}" style="display:inline-block;background:#c01f1f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('invitation.button'))}</a></p>
<p style="font-size:14px">${escapeHtml(t('invitation.linkIntro'))}<br><a href="${escapeHtml(link)}" style="color:#1852a8;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="font-size:14px;color:#4b5260">${escapeHtml(t('invitation.ignore'))}</p>
<p>${escapeHtml(t('invitation.signature'))}</p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('invitation.preheader'),
    body,
    footer: t('invitation.footer'),
  });
  const text = [
    t('invitation.greeting'),
    '',
    t('invitation.intro'),
    '',
    `${t('invitation.button')}: ${link}`,
    '',
    t('invitation.ignore'),
    '',
    t('invitation.signature'),
    '',
    '--',
    t('invitation.footer'),
  ].join('\n');
  return { subject, html, text };
}
