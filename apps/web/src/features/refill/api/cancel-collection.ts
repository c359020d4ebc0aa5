import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** POST /api/refill/collections/{id}/transition: the customer cancels a collection still requested. */
export function cancelCollection(collectionId: string): Promise<Collection> {
  return apiRequest<Collection>(
    `/refill/collections/${encodeURIComponent(collectionId)}/transition`,
    { method: 'POST', body: { action: 'cancel' } },
  );
}

export function useCancelCollection(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelCollection(collectionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refillKeys.collections }),
  });
}
