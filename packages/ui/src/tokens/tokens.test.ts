import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, resolveColour } from './contrast';
import {
  colorRoleTokens,
  focusTokens,
  layerTokens,
  motionTokens,
  paletteTokens,
  radiusTokens,
  semanticColours,
  shadowTokens,
  sizeTokens,
  spacingTokens,
  typeTokens,
} from './tokens';

const css = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');

/** The custom properties a block of tokens.css declares, in order. */
function declarations(block: string): [string, string][] {
  return [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [
    name,
    value.replace(/\s+/g, ' ').trim(),
  ]);
}

const rootBlock = /^:root \{([^}]*)\}/m.exec(css)?.[1] ?? '';

describe('tokens.ts and tokens.css', () => {
  it('declare the same tokens with the same values', () => {
    const documented = [
      ...spacingTokens,
      ...sizeTokens,
      ...paletteTokens,
      ...colorRoleTokens,
      ...typeTokens,
      ...radiusTokens,
      ...shadowTokens,
      ...focusTokens,
      ...motionTokens,
      ...layerTokens,
    ].map((token): [string, string] => [token.name, token.value]);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(declarations(rootBlock)));
    expect(documented).toHaveLength(declarations(rootBlock).length);
  });

  it('stop every duration when the user asks for reduced motion', () => {
    const reduced = /prefers-reduced-motion: reduce\) \{\s*:root \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(declarations(reduced)).toEqual(motionTokens.map((token) => [token.name, '0ms']));
  });
});

describe('semantic colours', () => {
  it('name action, danger, warning, success, progress and neutral', () => {
    expect(semanticColours.map((colour) => colour.meaning)).toEqual([
      'action',
      'danger',
      'warning',
      'success',
      'progress',
      'neutral',
    ]);
  });

  it.each(semanticColours.flatMap((colour) => colour.pairs))(
    '$text on $background reaches 4.5:1',
    ({ text, background }) => {
      expect(contrastRatio(resolveColour(text), resolveColour(background))).toBeGreaterThanOrEqual(
        4.5,
      );
    },
  );

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(resolveColour('--color-primary')).toBe('#1852a8');
  });
});
