import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefillRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** POST /api/refill/requests/{id}/transition: the customer cancels a request still submitted. */
export function cancelRefillRequest(requestId: string): Promise<RefillRequest> {
  return apiRequest<RefillRequest>(`/refill/requests/${encodeURIComponent(requestId)}/transition`, {
    method: 'POST',
    body: { action: 'cancel' },
  });
}

export function useCancelRefillRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelRefillRequest(requestId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refillKeys.requests }),
  });
}
