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

  it('builds its collator at the first comparison, not when the module loads, and once', async () => {
    vi.resetModules();
    const collators = vi.spyOn(Intl, 'Collator');
    const { naturalCompare: compare } = await import('./natural-compare');
    expect(collators).not.toHaveBeenCalled();
    expect(compare('Élan', 'elan')).toBe(0);
    expect(compare('b', 'a')).toBeGreaterThan(0);
    expect(collators).toHaveBeenCalledTimes(1);
  });
});
