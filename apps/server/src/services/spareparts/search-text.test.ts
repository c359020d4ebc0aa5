import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchColumn, searchTerms } from './search-text';

describe('catalogue search text', () => {
  it('ignores case and accents', () => {
    expect(normalizeForSearch('Poulie ÉCRAN Ø120')).toBe('poulie ecran ø120');
    expect(searchColumn('Roulement à billes')).toBe('roulement a billes');
  });

  it('turns each distinct word into patterns, wildcards of the text escaped', () => {
    expect(searchTerms('  Joint  joint brg-0001 a_b ')).toEqual([
      { inDesignation: '%joint%', partNumberPrefix: 'JOINT%', isIndexed: true },
      { inDesignation: '%brg-0001%', partNumberPrefix: 'BRG-0001%', isIndexed: true },
      { inDesignation: '%a\\_b%', partNumberPrefix: 'A\\_B%', isIndexed: true },
    ]);
    expect(searchTerms('100%')[0]).toEqual({
      inDesignation: '%100\\%%',
      partNumberPrefix: '100\\%%',
      isIndexed: true,
    });
    // Fewer than three characters hold no trigram: no index can find them.
    expect(searchTerms('é 6')).toMatchObject([{ isIndexed: false }, { isIndexed: false }]);
    expect(searchTerms('back\\slash')[0]?.inDesignation).toBe('%back\\\\slash%');
  });

  it('keeps at most six words and none for blank text', () => {
    expect(searchTerms('a b c d e f g h')).toHaveLength(6);
    expect(searchTerms('   ')).toEqual([]);
  });
});
