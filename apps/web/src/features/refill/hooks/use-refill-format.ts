import { useTranslation } from '@/lib/i18n';
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
  /** How long before `now` a moment was, in the language's words: "2 hours ago", "il y a 2 heures". */
  ago(value: string | Date, now: Date): string;
  /** A duration up to `now` without "ago": "3 days", "3 jours". */
  elapsed(value: string | Date, now: Date): string;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The unit a duration reads best in: minutes under an hour, hours under a day, then days. */
function durationUnit(ms: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  if (ms < HOUR_MS) return { value: Math.floor(ms / MINUTE_MS), unit: 'minute' };
  if (ms < DAY_MS) return { value: Math.floor(ms / HOUR_MS), unit: 'hour' };
  return { value: Math.floor(ms / DAY_MS), unit: 'day' };
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
  const relative = once(() => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  const durations = {
    minute: once(
      () => new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }),
    ),
    hour: once(
      () => new Intl.NumberFormat(language, { style: 'unit', unit: 'hour', unitDisplay: 'long' }),
    ),
    day: once(
      () => new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }),
    ),
  };
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
    ago: (value, now) => {
      // A reading a clock slightly ahead dated in the future reads "now", never "in 2 minutes".
      const ms = Math.max(0, now.getTime() - asDate(value).getTime());
      if (ms < MINUTE_MS) return relative().format(0, 'second');
      const { value: amount, unit } = durationUnit(ms);
      return relative().format(-amount, unit);
    },
    elapsed: (value, now) => {
      const ms = Math.max(MINUTE_MS, now.getTime() - asDate(value).getTime());
      const { value: amount, unit } = durationUnit(ms);
      return durations[unit]().format(amount);
    },
  };
}

/**
 * Numbers and dates written the way the active language writes them. Dates use Intl's medium
 * date (and short time), which writes exactly date-fns' `PP` (`PPp`) in French and English
 * (use-refill-format.test.ts compares them), without date-fns in the screen's first chunk.
 */
export function useRefillFormat(): RefillFormat {
  const { i18n } = useTranslation();
  return formatFor(i18n.language === 'en' ? 'en' : 'fr');
}

function formatFor(language: 'fr' | 'en'): RefillFormat {
  let format = formats.get(language);
  if (!format) {
    format = createFormat(language);
    formats.set(language, format);
  }
  return format;
}

/**
 * Builds the formatters the drum overview's first render uses, each in a task of its own, while
 * the drums load: that render runs in one task when they arrive, and building them all there
 * would hold the main thread for tens of milliseconds on a phone. The date's comes first: the
 * first Intl object loads the locale data, and the others then cost less. Returns the cancel
 * function.
 */
export function prepareRefillFormat(language: 'fr' | 'en'): () => void {
  const format = formatFor(language);
  const now = new Date();
  const builds = [
    () => format.dateTime(now),
    () => format.metres(0),
    () => format.percent(0),
    () => format.count(0),
    () => format.ago(now, now),
    () => format.elapsed(now, now),
  ];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const buildFrom = (index: number) => {
    const build = builds[index];
    if (!build) return;
    timer = setTimeout(() => {
      build();
      buildFrom(index + 1);
    });
  };
  buildFrom(0);
  return () => clearTimeout(timer);
}
