import { describe, expect, it } from 'vitest';
import { readPage } from './paging';

describe('readPage', () => {
  const rows = ['a', 'b', 'c', 'd', 'e'];
  const read = async ({ limit, offset }: { limit: number; offset: number }) =>
    rows.slice(offset, offset + limit);

  it('asks for one row more than the page and says where the next page starts', async () => {
    const asked: Array<{ limit: number; offset: number }> = [];
    const page = await readPage('letters', { limit: 2, offset: 1 }, (range) => {
      asked.push(range);
      return read(range);
    });
    expect(asked).toEqual([{ limit: 3, offset: 1 }]);
    expect(page).toEqual({ letters: ['b', 'c'], nextOffset: 3 });
  });

  it('answers no next page on the last one', async () => {
    expect(await readPage('letters', { limit: 2, offset: 3 }, read)).toEqual({
      letters: ['d', 'e'],
      nextOffset: null,
    });
  });
});
