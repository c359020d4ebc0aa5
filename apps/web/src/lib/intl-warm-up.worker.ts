// Builds one of each Intl object the signed-in screens use, in both languages, then ends. The
// browser loads each kind's locale data once per process, the first time one is built, on
// whichever thread builds it: built here, it is ready when the page builds its own, and the
// page's task is not the one that waits for it.
const now = new Date();
// Dates are written as date-fns' `PP` and `PPp`: en-US for English (use-refill-format.ts).
for (const [language, dateLocale] of [
  ['fr', 'fr'],
  ['en', 'en-US'],
] as const) {
  new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(now);
  new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium' }).format(now);
  new Intl.NumberFormat(language, { style: 'unit', unit: 'meter' }).format(1);
  new Intl.NumberFormat(language, { style: 'percent' }).format(1);
  new Intl.NumberFormat(dateLocale, { style: 'currency', currency: 'EUR' }).format(1);
  new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-1, 'day');
  new Intl.PluralRules(language).select(1);
}
new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare('a', 'b');
close();
