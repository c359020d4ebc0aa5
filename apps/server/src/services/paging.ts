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
