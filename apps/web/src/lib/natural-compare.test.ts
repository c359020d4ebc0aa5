import { afterEach, describe, expect, it, vi } from 'vitest';
import { naturalCompare } from './natural-compare';

describe('naturalCompare', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads the numbers in labels as numbers', () => {
    expect(['C-3x1x240', 'C-3x1x50', 'C-3x1x95'].sort(naturalCompare)).toEqual([
      'C-3x1x50',
      'C-3x1x95',
      'C-3x1x240',
    ]);
    expect(['TR-10', 'TR-2', 'tr-1'].sort(naturalCompare)).toEqual(['tr-1', 'TR-2', 'TR-10']);
  });

  it('orders plain labels exactly as the collator does, without building it', async () => {
    vi.resetModules();
    const collators = vi.spyOn(Intl, 'Collator');
    const { naturalCompare: compare } = await import('./natural-compare');
    // Random labels of letters (with accents and capitals), digits (with leading zeros), spaces
    // and marks, in pairs with a common start (numbers side by side) and not.
    const alphabet = [...'aAbBeEzZ0001289 _-./éÉèÀ'];
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const label = () =>
      Array.from({ length: random(9) }, () => alphabet[random(alphabet.length)]).join('');
    const pairs = Array.from({ length: 20_000 }, () => {
      const start = random(2) ? label() : '';
      return [start + label(), start + label()] as const;
    });
    const results = pairs.map(([a, b]) => compare(a, b));
    expect(collators).not.toHaveBeenCalled();
    collators.mockRestore();
    for (const locale of ['fr', 'en']) {
      const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
      const differing = pairs.filter(
        ([a, b], index) => Math.sign(collator.compare(a, b)) !== results[index],
      );
      expect(differing, locale).toEqual([]);
    }
  });

  it('builds its collator for a label of other characters, at the first, and once', async () => {
    vi.resetModules();
    const collators = vi.spyOn(Intl, 'Collator');
    const { naturalCompare: compare } = await import('./natural-compare');
    expect(collators).not.toHaveBeenCalled();
    expect(compare('Œuvre', 'oeuvre')).toBe(0);
    expect(compare('Straße 2', 'Strasse 10')).toBeLessThan(0);
    expect(compare('b+', 'a+')).toBeGreaterThan(0);
    expect(collators).toHaveBeenCalledTimes(1);
  });
});
