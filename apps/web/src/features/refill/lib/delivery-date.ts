/** A refill cannot be delivered sooner than this many working days after today. */
export const DELIVERY_LEAD_WORKING_DAYS = 2;

export function isWeekend(date: Date): boolean {
  const day = date.getDay();
  return day === 0 || day === 6;
}

/**
 * The first day a delivery may be booked: today plus two working days (Saturdays and Sundays do
 * not count), at midnight local time. The server checks the same rule in the user's time zone,
 * which is the browser's, sent in the `Timezone` header.
 */
export function earliestDeliveryDate(today: Date = new Date()): Date {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  let remaining = DELIVERY_LEAD_WORKING_DAYS;
  while (remaining > 0) {
    date.setDate(date.getDate() + 1);
    if (!isWeekend(date)) remaining -= 1;
  }
  return date;
}

/** YYYY-MM-DD of a local date (not `toISOString`, which would shift it to UTC). */
export function toIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight of a YYYY-MM-DD date. */
export function fromIsoDate(text: string): Date {
  const [year = 1970, month = 1, day = 1] = text.split('-').map(Number);
  return new Date(year, month - 1, day);
}
