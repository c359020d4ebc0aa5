import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/quotes/{id}/messages: the quote's conversation with customer service. */
export function getQuoteMessages(
  quoteId: string,
  signal?: AbortSignal,
): Promise<{ messages: Message[] }> {
  return apiRequest<{ messages: Message[] }>(
    `/spareparts/quotes/${encodeURIComponent(quoteId)}/messages`,
    { signal },
  );
}

export const quoteMessagesQueryOptions = (quoteId: string) =>
  queryOptions({
    queryKey: sparePartsKeys.messages(quoteId),
    queryFn: ({ signal }) => getQuoteMessages(quoteId, signal),
  });

export function useQuoteMessages(quoteId: string) {
  return useQuery(quoteMessagesQueryOptions(quoteId));
}
