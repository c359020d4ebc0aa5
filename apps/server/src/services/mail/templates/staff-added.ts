import type { Language, StaffRole } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

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
  return composeMail({
    lang: lng,
    subject,
    preheader: message,
    blocks: [t('greeting'), message, { button: t('button'), href: link }, t('signature')],
    footer: t('footer'),
  });
}
