import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

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
  return composeMail({
    lang: lng,
    subject,
    preheader: t('intro'),
    blocks: [
      t('greeting'),
      t('intro'),
      { button: t('button'), href: link, tone: 'entry' },
      { smallPrint: t('ignore') },
      t('signature'),
    ],
    footer: t('footer'),
  });
}
