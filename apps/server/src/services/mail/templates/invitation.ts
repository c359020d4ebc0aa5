import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

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
  return composeMail({
    lang: lng,
    subject,
    preheader: t('invitation.preheader'),
    blocks: [
      t('invitation.greeting'),
      t('invitation.intro'),
      { button: t('invitation.button'), href: link, tone: 'entry' },
      { linkIntro: t('invitation.linkIntro'), href: link },
      { smallPrint: t('invitation.ignore') },
      t('invitation.signature'),
    ],
    footer: t('invitation.footer'),
  });
}
