import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

/** The monthly mail that brings an admin the drum-account statement they subscribed to. */
export function renderDrumStatementMail(
  translations: Translations,
  lng: Language,
  input: {
    month: string;
    link: string;
    /** The alert settings, where the statement is subscribed to and stopped. */
    settingsLink: string;
  },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = {
    month: new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${input.month}-01T00:00:00Z`)),
  };
  const subject = t('drumStatement.subject', values);
  return composeMail({
    lang: lng,
    subject,
    blocks: [
      t('drumStatement.intro', values),
      { button: t('drumStatement.button'), href: input.link },
    ],
    footer: {
      reason: t('footers.statement'),
      stop: { label: t('footers.statementStop'), href: input.settingsLink },
    },
  });
}
