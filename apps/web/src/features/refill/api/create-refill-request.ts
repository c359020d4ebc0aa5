import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRefillRequest, RefillRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/**
 * POST /api/refill/requests. The `Idempotency-Key` makes a repeated submit (double click, retry
 * after a lost answer) return the first request instead of creating a second one.
 */
export function createRefillRequest(
  request: CreateRefillRequest,
  idempotencyKey: string,
): Promise<RefillRequest> {
  return apiRequest<RefillRequest>('/refill/requests', {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateRefillRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: CreateRefillRequest; key: string }) =>
      createRefillRequest(request, key),
    // Requested drums turn `ordered`: the overview and the history both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refillKeys.all }),
  });
}
