import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message, QuoteMessageList } from '@portal/contract';
import { fetchAllPages } from '@/lib/paged-list';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/quotes/{id}/messages: the quote's whole conversation, oldest first. */
export async function getQuoteMessages(
  quoteId: string,
  signal?: AbortSignal,
): Promise<{ messages: Message[] }> {
  const messages = await fetchAllPages<QuoteMessageList, Message>(
    `/spareparts/quotes/${encodeURIComponent(quoteId)}/messages`,
    (page) => page.messages,
    signal,
  );
  return { messages };
}

export const quoteMessagesQueryOptions = (quoteId: string) =>
  queryOptions({
    queryKey: sparePartsKeys.messages(quoteId),
    queryFn: ({ signal }) => getQuoteMessages(quoteId, signal),
  });

export function useQuoteMessages(quoteId: string) {
  return useQuery(quoteMessagesQueryOptions(quoteId));
}
