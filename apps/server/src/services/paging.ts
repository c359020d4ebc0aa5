import type { PageQuery } from '@portal/contract';

/** Rows to ask the database for: one more than the page, to know whether another follows. */
export const rowsFor = (page: PageQuery) => ({ limit: page.limit + 1, offset: page.offset });

/** The page's rows and where the next page starts (null on the last). */
export function pageOf<T>(rows: T[], page: PageQuery): { items: T[]; nextOffset: number | null } {
  return {
    items: rows.slice(0, page.limit),
    nextOffset: rows.length > page.limit ? page.offset + page.limit : null,
  };
}

/**
 * A list route's answer: reads the page (and one row more) with `read`, and answers its rows
 * under `key` with where the next page starts.
 */
export async function readPage<const Key extends string, T>(
  key: Key,
  page: PageQuery,
  read: (rows: ReturnType<typeof rowsFor>) => Promise<T[]>,
): Promise<Record<Key, T[]> & { nextOffset: number | null }> {
  const { items, nextOffset } = pageOf(await read(rowsFor(page)), page);
  return { [key]: items, nextOffset } as Record<Key, T[]> & { nextOffset: number | null };
}
