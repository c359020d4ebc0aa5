/** The time source of the services; tests pass a controllable one to expire links and sessions. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter of the date and the 24-hour time as the wall clock of `timeZone` shows them. One is
 * kept per zone: building one costs far more than formatting with it.
 */
export function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}
