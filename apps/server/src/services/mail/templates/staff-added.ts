import type { Language, StaffRole } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/**
 * Tells a new staff member, in their language, who added them and as what, and how they sign in:
 * as anyone does, with a one-time link the sign-in page sends to this address.
 */
export function renderStaffAddedMail(
  translations: Translations,
  lng: Language,
  { actor, role, link }: { actor: string; role: StaffRole; link: string },
): RenderedMail {
  const key = (name: string) => `staffAdded.${name}`;
  const roleName = translate(translations, 'mail', lng, key(`roles.${role}`));
  const t = (name: string) =>
    translate(translations, 'mail', lng, key(name), { actor, role: roleName });
  const subject = t('subject');
  const message = t('message');
  const body = `<p>${escapeHtml(t('greeting'))}</p>
<p>${escapeHtml(message)}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('button'))}</a></p>
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
    '',
    `${t('button')}: ${link}`,
    '',
    t('signature'),
    '',
    '--',
    t('footer'),
  ].join('\n');
  return { subject, html, text };
}
