import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { alertFooter, renderDrumNoticeMail } from './drum-notice';
import type { RenderedMail } from './layout';

export interface DrumAlertMailInput {
  serial: string;
  reference: string;
  site: string;
  remainingM: number;
  remainingPct: number;
  level: 'low' | 'critical';
  portalUrl: string;
}

/** The mail a threshold crossing sends, in the reader's language. */
export function renderDrumAlertMail(
  translations: Translations,
  lng: Language,
  input: DrumAlertMailInput,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const number = new Intl.NumberFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
    maximumFractionDigits: 1,
  });
  const values = {
    serial: input.serial,
    reference: input.reference,
    site: input.site,
    remaining: number.format(input.remainingM),
    pct: number.format(input.remainingPct),
    level: t(`drumAlert.${input.level}`),
  };
  return renderDrumNoticeMail(
    translations,
    lng,
    'drumAlert',
    values,
    input.portalUrl,
    alertFooter(translations, lng, input.portalUrl),
  );
}
