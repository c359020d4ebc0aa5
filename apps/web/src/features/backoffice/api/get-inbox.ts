import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Inbox, InboxQuery } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { backofficeKeys } from './backoffice-keys';
import { untilDue } from './until-due';

/** GET /api/backoffice/inbox: a page of the inbox with its marks and counts. */
export function getInbox(query: InboxQuery, signal?: AbortSignal): Promise<Inbox> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiRequest<Inbox>(`/backoffice/inbox?${params.toString()}`, { signal });
}

export const inboxQueryOptions = (query: InboxQuery) =>
  queryOptions({
    queryKey: backofficeKeys.inbox(query),
    queryFn: ({ signal }) => getInbox(query, signal),
    // A change of filter keeps the last page on screen until the next one comes.
    placeholderData: keepPreviousData,
    // Nothing announces an item falling due but the clock: the inbox reads itself again then.
    refetchInterval: (query) => untilDue(query.state.data?.counts.nextDueAt ?? null),
  });

export function useInbox(query: InboxQuery) {
  return useQuery(inboxQueryOptions(query));
}
