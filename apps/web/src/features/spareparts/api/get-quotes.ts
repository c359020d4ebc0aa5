import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/quotes: the quote requests, newest first. */
export function getQuotes(lang: string, signal?: AbortSignal): Promise<QuoteList> {
  return apiRequest<QuoteList>(`/spareparts/quotes?lang=${lang}`, { signal });
}

export const quotesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: sparePartsKeys.quotes(lang),
    queryFn: ({ signal }) => getQuotes(lang, signal),
  });

export function useQuotes(lang: string) {
  return useQuery(quotesQueryOptions(lang));
}
