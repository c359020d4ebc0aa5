import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const decisions = resolve(import.meta.dirname, '..', 'docs', 'decisions');
const records = readdirSync(decisions).filter((name) => name.endsWith('.md'));

/** The number a record's file name starts with, e.g. "024" for "024-single-sign-on.md". */
const numberOf = (name: string) => /^(\d{3})-/.exec(name)?.[1];

describe('decision records', () => {
  it('are each named by a three-digit number and a title', () => {
    expect(records.filter((name) => numberOf(name) === undefined)).toEqual([]);
  });

  it('use each number once, so "decision 013" names one record', () => {
    const seen = new Map<string, string[]>();
    for (const name of records) {
      const number = numberOf(name) ?? name;
      seen.set(number, [...(seen.get(number) ?? []), name]);
    }
    expect([...seen.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('carry the number of their file in their heading', () => {
    const mismatched = records.filter((name) => {
      const heading = readFileSync(join(decisions, name), 'utf8').split('\n', 1)[0] ?? '';
      return !heading.startsWith(`# ${numberOf(name)} `);
    });
    expect(mismatched).toEqual([]);
  });
});
