import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message, MessageList } from '@portal/contract';
import { fetchAllPages } from '@/lib/paged-list';
import { refillKeys } from './refill-keys';

/** GET /api/refill/requests/:id/messages: the request's whole conversation, oldest first. */
export async function getMessages(
  requestId: string,
  signal?: AbortSignal,
): Promise<{ messages: Message[] }> {
  const messages = await fetchAllPages<MessageList, Message>(
    `/refill/requests/${encodeURIComponent(requestId)}/messages`,
    (page) => page.messages,
    signal,
  );
  return { messages };
}

export const messagesQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: refillKeys.messages(requestId),
    queryFn: ({ signal }) => getMessages(requestId, signal),
  });

export function useMessages(requestId: string) {
  return useQuery(messagesQueryOptions(requestId));
}
