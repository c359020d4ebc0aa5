import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// jsdom computes no layout from CSS modules: the rule is read from the style sheet itself.
const css = readFileSync(join(import.meta.dirname, 'auth.module.css'), 'utf8');

/** The media query each `.caption` rule that hides it sits in ('' when at the top level). */
function queriesHidingCaptions(): string[] {
  const found: string[] = [];
  for (const block of css.matchAll(/@media([^{]*)\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g)) {
    if (/\.caption\s*\{[^}]*display:\s*none/.test(block[2] ?? '')) found.push(block[1]!.trim());
  }
  return found;
}

describe('auth landing styles', () => {
  it('hide the carousel captions on phones only, not on small tablets (576 to 767 px)', () => {
    expect(queriesHidingCaptions()).toEqual(['(width < 576px)']);
  });
});
