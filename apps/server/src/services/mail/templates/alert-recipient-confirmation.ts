import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

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
  return composeMail({
    lang: lng,
    subject,
    blocks: [
      t('alertRecipient.intro', { account }),
      { button: t('alertRecipient.button'), href: link },
      { smallPrint: t('alertRecipient.ignore') },
    ],
    footer: t('alertRecipient.footer'),
  });
}
