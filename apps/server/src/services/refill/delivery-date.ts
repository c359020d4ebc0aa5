import { wallClock, wallClockFormat } from '../clock';

/** Delivery needs two working days' notice and happens on weekdays. */
export const NOTICE_WORKING_DAYS = 2;

/** A valid IANA zone from the `Timezone` header, else the provider's own (Paris). */
export function safeTimeZone(candidate: string | undefined): string {
  if (!candidate) return 'Europe/Paris';
  try {
    // Throws for a zone that does not exist; a valid one's formatter is kept for its next use.
    wallClockFormat(candidate);
    return candidate;
  } catch {
    return 'Europe/Paris';
  }
}

/** Today's date (YYYY-MM-DD) where the user is. */
export function localToday(now: Date, timeZone: string): string {
  return wallClock(now, timeZone).date;
}

function dayOfWeek(isoDate: string): number {
  return new Date(`${isoDate}T12:00:00Z`).getUTCDay();
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isWeekend(isoDate: string): boolean {
  const day = dayOfWeek(isoDate);
  return day === 0 || day === 6;
}

/** The first date a delivery may be asked for: today + 2 working days, on a weekday. */
export function earliestDeliveryDate(now: Date, timeZone: string): string {
  let date = localToday(now, timeZone);
  let workingDays = 0;
  while (workingDays < NOTICE_WORKING_DAYS) {
    date = addDays(date, 1);
    if (!isWeekend(date)) workingDays += 1;
  }
  return date;
}

export function isAllowedDeliveryDate(isoDate: string, now: Date, timeZone: string): boolean {
  return !isWeekend(isoDate) && isoDate >= earliestDeliveryDate(now, timeZone);
}

/**
 * A YYYY-MM-DD day as a sentence writes it in `locale` ("30 novembre 2026", "November 30, 2026"),
 * never in ISO form. The day is read at noon UTC and written in UTC, so no zone moves it.
 */
export function formatDay(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}
