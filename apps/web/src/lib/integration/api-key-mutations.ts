import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest, CreatedApiKey } from '@portal/contract';
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
