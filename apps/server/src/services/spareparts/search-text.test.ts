import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchColumn, searchPatterns } from './search-text';

describe('catalogue search text', () => {
  it('ignores case and accents', () => {
    expect(normalizeForSearch('Poulie ÉCRAN Ø120')).toBe('poulie ecran ø120');
    expect(searchColumn('BRG-0000042', 'Roulement à billes')).toBe(
      'brg-0000042 roulement a billes',
    );
  });

  it('turns each distinct word into a pattern, wildcards of the text escaped', () => {
    expect(searchPatterns('  Joint  joint 100%  a_b ')).toEqual(['%joint%', '%100\\%%', '%a\\_b%']);
    expect(searchPatterns('back\\slash')).toEqual(['%back\\\\slash%']);
  });

  it('keeps at most six words and none for blank text', () => {
    expect(searchPatterns('a b c d e f g h')).toHaveLength(6);
    expect(searchPatterns('   ')).toEqual([]);
  });
});
