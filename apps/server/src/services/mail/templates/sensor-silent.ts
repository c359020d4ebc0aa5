import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

export interface SensorSilentMailInput {
  serial: string;
  reference: string;
  site: string;
  /** The sensor's latest reading. */
  lastReadingAt: Date;
  portalUrl: string;
}

/** The mail sent once when a drum's sensor stops reporting, in the reader's language. */
export function renderSensorSilentMail(
  translations: Translations,
  lng: Language,
  input: SensorSilentMailInput,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = {
    serial: input.serial,
    reference: input.reference,
    site: input.site,
    since: new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(input.lastReadingAt),
  };
  const subject = t('sensorSilent.subject', values);
  return composeMail({
    lang: lng,
    subject,
    blocks: [
      t('sensorSilent.intro', values),
      t('sensorSilent.action'),
      { button: t('sensorSilent.button'), href: input.portalUrl },
    ],
    footer: t('footer'),
  });
}
