import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** GET /api/refill/requests/:id/messages: the request's conversation. */
export function getMessages(
  requestId: string,
  signal?: AbortSignal,
): Promise<{ messages: Message[] }> {
  return apiRequest<{ messages: Message[] }>(
    `/refill/requests/${encodeURIComponent(requestId)}/messages`,
    { signal },
  );
}

export const messagesQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: refillKeys.messages(requestId),
    queryFn: ({ signal }) => getMessages(requestId, signal),
  });

export function useMessages(requestId: string) {
  return useQuery(messagesQueryOptions(requestId));
}
