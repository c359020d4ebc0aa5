let collator: Intl.Collator | undefined;

/**
 * The characters compared here without the collator: space and a few marks, digits and Latin
 * letters, accents aside. Serials, part numbers and most site names are made of these alone.
 */
const PLAIN = /^[ _\-./0-9a-z]*$/;
const ACCENTS = /[\u0300-\u036f]/g;
/** The marks in the collator's order (Unicode's root collation): all of them before the digits. */
const MARKS = ' _-./';
const ZERO = 48;
const NINE = 57;

/** The label lowercased and without its accents, where it is plain; else undefined. */
function plainKey(text: string): string | undefined {
  const lower = text.toLowerCase();
  if (PLAIN.test(lower)) return lower;
  const bare = lower.normalize('NFD').replace(ACCENTS, '');
  return PLAIN.test(bare) ? bare : undefined;
}

const isDigit = (code: number) => code >= ZERO && code <= NINE;

/** A character's rank outside a number: the marks, then the digits, then the letters. */
function rank(code: number): number {
  if (isDigit(code)) return MARKS.length;
  const mark = MARKS.indexOf(String.fromCharCode(code));
  return mark >= 0 ? mark : code;
}

/** The end of the run of digits starting at `start`. */
function digitsEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** The run of digits from `start` to `end` without its leading zeros ("0" for zeros alone). */
function number(text: string, start: number, end: number): string {
  let first = start;
  while (first < end - 1 && text.charCodeAt(first) === ZERO) first++;
  return text.slice(first, end);
}

/** Compares two plain keys as the collator below does: numbers by value, the rest by rank. */
function comparePlain(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const codeA = a.charCodeAt(i);
    const codeB = b.charCodeAt(j);
    if (isDigit(codeA) && isDigit(codeB)) {
      const endA = digitsEnd(a, i);
      const endB = digitsEnd(b, j);
      const numberA = number(a, i, endA);
      const numberB = number(b, j, endB);
      if (numberA.length !== numberB.length) return numberA.length < numberB.length ? -1 : 1;
      if (numberA !== numberB) return numberA < numberB ? -1 : 1;
      i = endA;
      j = endB;
      continue;
    }
    const rankA = rank(codeA);
    const rankB = rank(codeB);
    if (rankA !== rankB) return rankA < rankB ? -1 : 1;
    i++;
    j++;
  }
  return Math.sign(a.length - i - (b.length - j));
}

/**
 * Compares labels as people read them: the digits in them as numbers ("1x50" before "1x240",
 * "TR-2" before "TR-10"), case and accents aside.
 *
 * Labels of plain characters are compared here, in the collator's order; others by the collator.
 * The first Intl object a page builds loads the browser's locale data, and a collator its
 * collation data: tens of milliseconds on a phone, in the task that first sorts a list. For the
 * same reason the collator is built at its first use, not when the module loads.
 */
export function naturalCompare(a: string, b: string): number {
  const plainA = plainKey(a);
  const plainB = plainA === undefined ? undefined : plainKey(b);
  if (plainA !== undefined && plainB !== undefined) return comparePlain(plainA, plainB);
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}
