import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest, CreatedApiKey, RotateApiKeyRequest } from '@portal/contract';
import { apiRequest } from '../api-client';
import { integrationKeys, type IntegrationBase } from './integration-keys';

/** POST <base>/api-keys: the answer is the only time the key itself is ever shown. */
export function createApiKey(
  base: IntegrationBase,
  input: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>(`${base}/api-keys`, { method: 'POST', body: input });
}

/** DELETE <base>/api-keys/:id: the next call made with the key is refused. */
export function revokeApiKey(base: IntegrationBase, id: string): Promise<void> {
  return apiRequest<void>(`${base}/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * POST <base>/api-keys/:id/rotate: a new key with the same name and scopes, shown once; the old
 * one keeps working for the portal's overlap.
 */
export function rotateApiKey(
  base: IntegrationBase,
  { id, ...input }: RotateApiKeyRequest & { id: string },
): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>(`${base}/api-keys/${encodeURIComponent(id)}/rotate`, {
    method: 'POST',
    body: input,
  });
}

function useApiKeyMutation<TInput, TResult>(
  base: IntegrationBase,
  mutationFn: (base: IntegrationBase, input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => mutationFn(base, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys(base) }),
  });
}

export const useCreateApiKey = (base: IntegrationBase) => useApiKeyMutation(base, createApiKey);
export const useRevokeApiKey = (base: IntegrationBase) => useApiKeyMutation(base, revokeApiKey);
export const useRotateApiKey = (base: IntegrationBase) => useApiKeyMutation(base, rotateApiKey);
