import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

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
  return composeMail({
    lang: lng,
    subject,
    preheader: t('signIn.preheader'),
    blocks: [
      t('signIn.greeting'),
      t('signIn.intro', { minutes }),
      { button: t('signIn.button'), href: link, tone: 'entry' },
      { linkIntro: t('signIn.linkIntro'), href: link },
      { smallPrint: t('signIn.ignore') },
      t('signIn.signature'),
    ],
    footer: t('footer'),
  });
}
