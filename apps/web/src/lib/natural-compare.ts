const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Compares labels as people read them: the digits in them as numbers ("1x50" before "1x240",
 * "TR-2" before "TR-10"), case and accents aside.
 */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}
