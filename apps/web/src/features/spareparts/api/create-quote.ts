import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuoteRequest, Quote } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/**
 * POST /api/spareparts/quotes: the server-side cart becomes a quote request. The
 * `Idempotency-Key` makes a repeated submit (double click, retry after a lost answer) return
 * the first quote instead of a second one.
 */
export function createQuote(
  request: CreateQuoteRequest,
  idempotencyKey: string,
  lang: string,
): Promise<Quote> {
  return apiRequest<Quote>(`/spareparts/quotes?lang=${lang}`, {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateQuote(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: CreateQuoteRequest; key: string }) =>
      createQuote(request, key, lang),
    // The server emptied the cart and the history has one more quote.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sparePartsKeys.cartAll }),
        queryClient.invalidateQueries({ queryKey: sparePartsKeys.quotesAll }),
      ]),
  });
}
