let collator: Intl.Collator | undefined;

/**
 * Compares labels as people read them: the digits in them as numbers ("1x50" before "1x240",
 * "TR-2" before "TR-10"), case and accents aside.
 *
 * The collator is built at the first comparison, not when the module loads: the first Intl
 * object a page builds loads the browser's locale data, tens of milliseconds on a phone, which
 * would lengthen the task that evaluates every chunk importing this.
 */
export function naturalCompare(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}
