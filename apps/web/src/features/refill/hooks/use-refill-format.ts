import { useTranslation } from 'react-i18next';
import { fromIsoDate } from '../lib/delivery-date';

export interface RefillFormat {
  language: 'fr' | 'en';
  /** "1 234,5 m" or "1,234.5 m". */
  metres(value: number): string;
  percent(value: number): string;
  count(value: number): string;
  /** An ISO date-time as `PP`. */
  date(value: string | Date): string;
  /** As `PPp`. */
  dateTime(value: string | Date): string;
  /** A YYYY-MM-DD date as `PP`, read as a local day. */
  day(value: string): string;
  /** A file size in the language's units: "5 Mo", "5 MB". */
  fileSize(bytes: number): string;
  /** Euros: "1 234,50 €", "€1,234.50". */
  euros(value: number): string;
}

/**
 * One per language, each formatter built once: Intl formatters are costly to create (tens of
 * milliseconds on a phone), and every drum card needs some of them.
 */
const formats = new Map<'fr' | 'en', RefillFormat>();

/** The formatter `create` builds, built at its first use: a screen rarely needs them all. */
function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

function createFormat(language: 'fr' | 'en'): RefillFormat {
  const locale = language === 'en' ? 'en-US' : 'fr';
  const metres = once(
    () =>
      new Intl.NumberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 1 }),
  );
  const percent = once(
    () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }),
  );
  const count = once(() => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }));
  const mediumDate = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const mediumDateShortTime = once(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  const sizeUnit = (unit: 'byte' | 'kilobyte' | 'megabyte') =>
    once(() => new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }));
  const bytes = sizeUnit('byte');
  const kilobytes = sizeUnit('kilobyte');
  const megabytes = sizeUnit('megabyte');
  const euros = once(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }));
  const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);
  return {
    language,
    metres: (value) => metres().format(value),
    percent: (value) => percent().format(value / 100),
    count: (value) => count().format(value),
    date: (value) => mediumDate().format(asDate(value)),
    dateTime: (value) => mediumDateShortTime().format(asDate(value)),
    day: (value) => mediumDate().format(fromIsoDate(value)),
    fileSize: (size) =>
      size < 1024
        ? bytes().format(size)
        : size < 1024 * 1024
          ? kilobytes().format(size / 1024)
          : megabytes().format(size / (1024 * 1024)),
    euros: (value) => euros().format(value),
  };
}

/**
 * Numbers and dates written the way the active language writes them. Dates use Intl's medium
 * date (and short time), which writes exactly date-fns' `PP` (`PPp`) in French and English
 * (use-refill-format.test.ts compares them), without date-fns in the screen's first chunk.
 */
export function useRefillFormat(): RefillFormat {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'fr';
  let format = formats.get(language);
  if (!format) {
    format = createFormat(language);
    formats.set(language, format);
  }
  return format;
}
