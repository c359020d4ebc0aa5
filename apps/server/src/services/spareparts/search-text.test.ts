import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchColumn, searchWords } from './search-text';

describe('catalogue search text', () => {
  it('ignores case and accents', () => {
    expect(normalizeForSearch('Poulie ÉCRAN Ø120')).toBe('poulie ecran ø120');
    expect(searchColumn('Roulement à billes')).toBe('roulement a billes');
  });

  it('keeps each distinct word, and escapes the wildcards of its part-number prefix', () => {
    expect(searchWords('  Joint  joint brg-0001 a_b ')).toEqual([
      { text: 'joint', partNumberPrefix: 'JOINT%' },
      { text: 'brg-0001', partNumberPrefix: 'BRG-0001%' },
      { text: 'a_b', partNumberPrefix: 'A\\_B%' },
    ]);
    expect(searchWords('100%')[0]?.partNumberPrefix).toBe('100\\%%');
    expect(searchWords('back\\slash')[0]?.partNumberPrefix).toBe('BACK\\\\SLASH%');
  });

  it('keeps at most six words and none for blank text', () => {
    expect(searchWords('a b c d e f g h')).toHaveLength(6);
    expect(searchWords(' \t  ')).toEqual([]);
  });
});
