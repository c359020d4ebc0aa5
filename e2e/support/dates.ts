/** A weekday at least `count` working days from today (weekends skipped), as YYYY-MM-DD. */
export function workingDaysAhead(count: number): string {
  const date = new Date();
  let left = count;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day as a person types it in an English page's day field: MM/DD/YYYY. */
export function typedDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${month}/${day}/${year}`;
}
