import { describe, expect, it } from 'vitest';
import { naturalCompare } from './natural-compare';

describe('naturalCompare', () => {
  it('reads the numbers in labels as numbers', () => {
    expect(['C-3x1x240', 'C-3x1x50', 'C-3x1x95'].sort(naturalCompare)).toEqual([
      'C-3x1x50',
      'C-3x1x95',
      'C-3x1x240',
    ]);
    expect(['TR-10', 'TR-2', 'tr-1'].sort(naturalCompare)).toEqual(['tr-1', 'TR-2', 'TR-10']);
  });
});
