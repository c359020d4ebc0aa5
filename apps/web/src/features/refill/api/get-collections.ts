import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CollectionList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { nextPageOffset, pagePath } from '@/lib/paged-list';
import { refillKeys } from './refill-keys';

/** GET /api/refill/collections: a page of the account's drum collections, newest first. */
export function getCollections(offset: number, signal?: AbortSignal): Promise<CollectionList> {
  return apiRequest<CollectionList>(pagePath('/refill/collections', offset), { signal });
}

export const collectionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: refillKeys.collections,
    queryFn: ({ pageParam, signal }) => getCollections(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    select: (data) => data.pages.flatMap((page) => page.collections),
  });

/** The collections read so far; `fetchNextPage` reads older ones while `hasNextPage`. */
export function useCollections() {
  return useInfiniteQuery(collectionsQueryOptions());
}
