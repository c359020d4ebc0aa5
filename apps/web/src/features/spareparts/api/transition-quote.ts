import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteTransitionRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** POST /api/spareparts/quotes/{id}/transition: accept (PO number), decline (reason), withdraw, ask again. */
export function transitionQuote(quoteId: string, body: QuoteTransitionRequest): Promise<Quote> {
  return apiRequest<Quote>(`/spareparts/quotes/${encodeURIComponent(quoteId)}/transition`, {
    method: 'POST',
    body,
  });
}

export function useTransitionQuote(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteTransitionRequest) => transitionQuote(quoteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sparePartsKeys.quotesAll }),
  });
}
