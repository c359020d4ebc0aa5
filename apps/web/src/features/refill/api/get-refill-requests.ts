import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RefillRequestList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { nextPageOffset, pagePath } from '@/lib/paged-list';
import { refillKeys } from './refill-keys';

/** GET /api/refill/requests: a page of the account's refill requests, newest first. */
export function getRefillRequests(
  offset: number,
  signal?: AbortSignal,
): Promise<RefillRequestList> {
  return apiRequest<RefillRequestList>(pagePath('/refill/requests', offset), { signal });
}

export const refillRequestsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: refillKeys.requests,
    queryFn: ({ pageParam, signal }) => getRefillRequests(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    select: (data) => data.pages.flatMap((page) => page.requests),
  });

/** The requests read so far; `fetchNextPage` reads older ones while `hasNextPage`. */
export function useRefillRequests() {
  return useInfiniteQuery(refillRequestsQueryOptions());
}
