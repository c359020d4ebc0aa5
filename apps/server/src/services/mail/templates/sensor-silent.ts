import type { Language } from '@portal/contract';
import type { Translations } from '../../translations';
import { alertFooter, renderDrumNoticeMail } from './drum-notice';
import type { RenderedMail } from './layout';

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
  return renderDrumNoticeMail(
    translations,
    lng,
    'sensorSilent',
    values,
    input.portalUrl,
    alertFooter(translations, lng, input.portalUrl),
  );
}
