import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QuoteList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { nextPageOffset, pagePath } from '@/lib/paged-list';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/quotes: a page of the quote requests, newest first. */
export function getQuotes(lang: string, offset: number, signal?: AbortSignal): Promise<QuoteList> {
  return apiRequest<QuoteList>(pagePath(`/spareparts/quotes?lang=${lang}`, offset), { signal });
}

export const quotesQueryOptions = (lang: string) =>
  infiniteQueryOptions({
    queryKey: sparePartsKeys.quotes(lang),
    queryFn: ({ pageParam, signal }) => getQuotes(lang, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset,
    select: (data) => data.pages.flatMap((page) => page.quotes),
  });

/** The quotes read so far; `fetchNextPage` reads older ones while `hasNextPage`. */
export function useQuotes(lang: string) {
  return useInfiniteQuery(quotesQueryOptions(lang));
}
