import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { format, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { fromIsoDate } from '../lib/delivery-date';

export interface RefillFormat {
  language: 'fr' | 'en';
  /** date-fns locale of the active language, for the kit's calendar and chat. */
  dateLocale: Locale;
  /** "1 234,5 m" or "1,234.5 m". */
  metres(value: number): string;
  percent(value: number): string;
  count(value: number): string;
  /** An ISO date-time as `PP` (DESIGN §7). */
  date(value: string | Date): string;
  dateTime(value: string | Date): string;
  /** A YYYY-MM-DD date as `PP`, read as a local day. */
  day(value: string): string;
}

/** Numbers and dates written the way the active language writes them. */
export function useRefillFormat(): RefillFormat {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'fr';
  return useMemo(() => {
    const dateLocale = language === 'en' ? enUS : fr;
    const metres = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'meter',
      maximumFractionDigits: 1,
    });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const count = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);
    return {
      language,
      dateLocale,
      metres: (value) => metres.format(value),
      percent: (value) => percent.format(value / 100),
      count: (value) => count.format(value),
      date: (value) => format(asDate(value), 'PP', { locale: dateLocale }),
      dateTime: (value) => format(asDate(value), 'PPp', { locale: dateLocale }),
      day: (value) => format(fromIsoDate(value), 'PP', { locale: dateLocale }),
    };
  }, [language]);
}
