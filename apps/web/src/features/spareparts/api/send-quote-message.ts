import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { quoteMessagesQueryOptions } from './get-quote-messages';

/** POST /api/spareparts/quotes/{id}/messages: a customer message. */
export function sendQuoteMessage(quoteId: string, body: string): Promise<Message> {
  return apiRequest<Message>(`/spareparts/quotes/${encodeURIComponent(quoteId)}/messages`, {
    method: 'POST',
    body: { body },
  });
}

export function useSendQuoteMessage(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendQuoteMessage(quoteId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: quoteMessagesQueryOptions(quoteId).queryKey }),
  });
}
