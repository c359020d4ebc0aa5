import type { Language } from '@portal/contract';

/**
 * How prices read in the reader's language, on every server-made surface (PDFs, mails): amounts
 * in cents as euros (12,50 € / €12.50) and rates in basis points as percentages (20 % / 20%).
 */
export function priceFormat(language: Language) {
  const locale = language === 'fr' ? 'fr-FR' : 'en-GB';
  const euros = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return {
    cents: (cents: number) => euros.format(cents / 100),
    rate: (basisPoints: number) => percent.format(basisPoints / 10_000),
  };
}
