import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefillRequestList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** GET /api/refill/requests: the account's refill requests, newest first. */
export function getRefillRequests(signal?: AbortSignal): Promise<RefillRequestList> {
  return apiRequest<RefillRequestList>('/refill/requests', { signal });
}

export const refillRequestsQueryOptions = () =>
  queryOptions({
    queryKey: refillKeys.requests,
    queryFn: ({ signal }) => getRefillRequests(signal),
  });

export function useRefillRequests() {
  return useQuery(refillRequestsQueryOptions());
}
