import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { messagesQueryOptions } from './get-messages';

/** POST /api/refill/requests/:id/messages: a customer message. */
export function sendMessage(requestId: string, body: string): Promise<Message> {
  return apiRequest<Message>(`/refill/requests/${encodeURIComponent(requestId)}/messages`, {
    method: 'POST',
    body: { body },
  });
}

export function useSendMessage(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(requestId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: messagesQueryOptions(requestId).queryKey }),
  });
}
