import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { renderDrumNoticeMail } from './drum-notice';
import type { RenderedMail } from './layout';

export interface DrumRentNoticeMailInput {
  serial: string;
  site: string;
  /** YYYY-MM-DD. */
  rentStartsOn: string;
  daysLeft: number;
  monthlyRate: number;
  portalUrl: string;
}

/** The mail that warns an account's admins a drum's rent-free period is ending. */
export function renderDrumRentNoticeMail(
  translations: Translations,
  lng: Language,
  input: DrumRentNoticeMailInput,
): RenderedMail {
  const locale = lng === 'fr' ? 'fr-FR' : 'en-GB';
  const values = {
    serial: input.serial,
    site: input.site,
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${input.rentStartsOn}T00:00:00Z`),
    ),
    days: String(input.daysLeft),
    rate: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(
      input.monthlyRate,
    ),
  };
  return renderDrumNoticeMail(
    translations,
    lng,
    'drumRent',
    values,
    input.portalUrl,
    translate(translations, 'mail', lng, 'footers.rent'),
  );
}
