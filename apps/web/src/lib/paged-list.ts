import { LIST_PAGE_SIZE_MAX } from '@portal/contract';
import { apiRequest } from './api-client';

/** The part of a paged list answer every list shares: where the next page starts, or null. */
export interface Page {
  nextOffset: number | null;
}

/** A paged list's path with the page it asks for. */
export function pagePath(path: string, offset: number, limit?: number): string {
  const query = new URLSearchParams({ offset: String(offset) });
  if (limit !== undefined) query.set('limit', String(limit));
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** The page after `page`, for an infinite query; undefined on the last one. */
export const nextPageOffset = (page: Page): number | undefined => page.nextOffset ?? undefined;

/**
 * Every page of a list that is read whole (a conversation reads from its first message to its
 * last), fetched in the largest pages the API allows.
 */
export async function fetchAllPages<P extends Page, T>(
  path: string,
  items: (page: P) => T[],
  signal?: AbortSignal,
): Promise<T[]> {
  const all: T[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: P = await apiRequest<P>(pagePath(path, offset, LIST_PAGE_SIZE_MAX), { signal });
    all.push(...items(page));
    // An answer that names no next page is the last one, whatever else it holds.
    offset = typeof page.nextOffset === 'number' ? page.nextOffset : null;
  }
  return all;
}
