import { wallClock } from '../clock';

/** The provider's time zone: its working days and holidays are French. */
export const PROVIDER_TIME_ZONE = 'Europe/Paris';

function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function shift(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Easter Sunday of `year` in the Gregorian calendar (anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

/** The eleven French public holidays of `year` (metropolitan France), as YYYY-MM-DD. */
export function frenchPublicHolidays(year: number): Set<string> {
  const easter = easterSunday(year);
  return new Set([
    isoDay(year, 1, 1),
    shift(easter, 1), // Easter Monday
    isoDay(year, 5, 1),
    isoDay(year, 5, 8),
    shift(easter, 39), // Ascension
    shift(easter, 50), // Whit Monday
    isoDay(year, 7, 14),
    isoDay(year, 8, 15),
    isoDay(year, 11, 1),
    isoDay(year, 11, 11),
    isoDay(year, 12, 25),
  ]);
}

export function isWorkingDay(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !frenchPublicHolidays(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** The instant the wall clock of `timeZone` shows `date` at `time` ms after midnight. */
export function instantOf(date: string, time: number, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + time;
  // Two passes find the offset in force at that wall-clock time, across a change of hour too.
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenUtc = Date.parse(`${seen.date}T00:00:00Z`) + seen.time;
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

/**
 * When the provider's answer to something received at `since` falls due: one working day later,
 * counting only the time of working days in Paris (weekends and French public holidays stop the
 * clock). Received on a working day, it is due at the same time on the next working day;
 * received on a day off, at the end of the first working day after it.
 */
export function responseDueAt(since: Date, timeZone = PROVIDER_TIME_ZONE): Date {
  const { date, time } = wallClock(since, timeZone);
  if (!isWorkingDay(date)) {
    let start = shift(date, 1);
    while (!isWorkingDay(start)) start = shift(start, 1);
    let due = shift(start, 1);
    while (!isWorkingDay(due)) due = shift(due, 1);
    return instantOf(due, 0, timeZone);
  }
  let due = shift(date, 1);
  while (!isWorkingDay(due)) due = shift(due, 1);
  return instantOf(due, time, timeZone);
}
