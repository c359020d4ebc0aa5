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

/**
 * The wall-clock date (YYYY-MM-DD) of `instant` in `timeZone`, and its time of day in ms after
 * midnight.
 */
export function wallClock(instant: Date, timeZone: string): { date: string; time: number } {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const time =
    (Number(part('hour')) * 3600 + Number(part('minute')) * 60 + Number(part('second'))) * 1000 +
    instant.getUTCMilliseconds();
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time };
}
