import { useMemo } from 'react';
import { usePartsLanguage } from './use-parts-language';

export interface PartsFormat {
  /** The UI language: also the language the API writes designations and category names in. */
  language: 'fr' | 'en';
  /** Euro cents as "1 234,50 €" or "€1,234.50". */
  price(cents: number): string;
  count(value: number): string;
  /** A rate in basis points as "20 %" or "20%". */
  rate(basisPoints: number): string;
  /** "1 day", "14 jours": the plural is the language's (Intl), not ours. */
  days(value: number): string;
  /** A date as Intl's medium style ("Nov 22, 2026", "22 nov. 2026"), like date-fns' `PP`. */
  date(value: string | Date): string;
}

export { usePartsLanguage };

/**
 * Prices, counts and dates written the way the active language writes them, with Intl only:
 * date-fns and its locales load with the quote conversation (the kit's chat), not the catalogue.
 */
export function usePartsFormat(): PartsFormat {
  const language = usePartsLanguage();
  return useMemo(() => {
    const mediumDate = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'fr', {
      dateStyle: 'medium',
    });
    const euros = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' });
    const count = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, {
      style: 'percent',
      maximumFractionDigits: 2,
    });
    const days = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
    });
    return {
      language,
      price: (cents) => euros.format(cents / 100),
      count: (value) => count.format(value),
      rate: (basisPoints) => percent.format(basisPoints / 10_000),
      days: (value) => days.format(value),
      date: (value) => mediumDate.format(typeof value === 'string' ? new Date(value) : value),
    };
  }, [language]);
}
