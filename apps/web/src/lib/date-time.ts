const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time in `language`, e.g. "25 nov. 2026, 18:05". One formatter per language, built
 * at its first use: building one loads the locale's calendar data, milliseconds of the main
 * thread on a phone.
 */
export function formatDateTime(value: string | Date, language: string): string {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(language, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}
