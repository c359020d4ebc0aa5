import { useMemo } from 'react';
import { format, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { usePartsLanguage } from './use-parts-language';

export interface PartsFormat {
  /** The UI language: also the language the API writes designations and category names in. */
  language: 'fr' | 'en';
  dateLocale: Locale;
  /** Euro cents as "1 234,50 €" or "€1,234.50". */
  price(cents: number): string;
  count(value: number): string;
  /** "1 day", "14 jours": the plural is the language's (Intl), not ours. */
  days(value: number): string;
  date(value: string | Date): string;
}

export { usePartsLanguage };

/** Prices, counts and dates written the way the active language writes them. */
export function usePartsFormat(): PartsFormat {
  const language = usePartsLanguage();
  return useMemo(() => {
    const dateLocale = language === 'en' ? enUS : fr;
    const euros = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' });
    const count = new Intl.NumberFormat(language);
    const days = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
    });
    return {
      language,
      dateLocale,
      price: (cents) => euros.format(cents / 100),
      count: (value) => count.format(value),
      days: (value) => days.format(value),
      date: (value) =>
        format(typeof value === 'string' ? new Date(value) : value, 'PP', { locale: dateLocale }),
    };
  }, [language]);
}
