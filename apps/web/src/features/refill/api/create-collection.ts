import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection, CreateCollectionRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/**
 * POST /api/refill/collections: releases an empty drum. A second release of the same drum is
 * refused (409 `collection.already_requested`), so a double click creates one collection.
 */
export function createCollection(request: CreateCollectionRequest): Promise<Collection> {
  return apiRequest<Collection>('/refill/collections', { method: 'POST', body: request });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refillKeys.collections }),
  });
}
