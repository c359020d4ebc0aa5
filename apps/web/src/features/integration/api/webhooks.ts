import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the account's webhooks; mutations invalidate by them. */
export const webhookKeys = {
  all: ['integration', 'webhooks'] as const,
  endpoints: ['integration', 'webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string, limit: number) =>
    ['integration', 'webhooks', 'deliveries', endpointId, limit] as const,
};

/** GET /api/integration/webhooks: the account's endpoints, never their secrets. */
export function getWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpointList> {
  return apiRequest<WebhookEndpointList>('/integration/webhooks', { signal });
}

export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints,
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
  });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}

/** GET /api/integration/webhooks/:id/deliveries: the newest `limit` messages and their attempts. */
export function getWebhookDeliveries(
  endpointId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> {
  return apiRequest<WebhookDeliveryList>(
    `/integration/webhooks/${endpointId}/deliveries?limit=${limit}`,
    { signal },
  );
}

export const webhookDeliveriesQueryOptions = (endpointId: string, limit: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId, limit),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, limit, signal),
  });

export function useWebhookDeliveries(endpointId: string, limit: number) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId, limit));
}

/** POST /api/integration/webhooks: the answer holds the secret, shown this once. */
export function createWebhookEndpoint(
  input: CreateWebhookEndpointRequest,
): Promise<WebhookEndpointWithSecret> {
  return apiRequest<WebhookEndpointWithSecret>('/integration/webhooks', {
    method: 'POST',
    body: input,
  });
}

/** PATCH /api/integration/webhooks/:id: events, enabled, address or description. */
export function updateWebhookEndpoint({
  id,
  ...input
}: UpdateWebhookEndpointRequest & { id: string }): Promise<WebhookEndpoint> {
  return apiRequest<WebhookEndpoint>(`/integration/webhooks/${id}`, {
    method: 'PATCH',
    body: input,
  });
}

/** POST /api/integration/webhooks/:id/rotate-secret: a new secret, the old one signs a day more. */
export function rotateWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return apiRequest<WebhookEndpointWithSecret>(`/integration/webhooks/${id}/rotate-secret`, {
    method: 'POST',
    body: {},
  });
}

/** DELETE /api/integration/webhooks/:id: the endpoint and its delivery log. */
export function deleteWebhookEndpoint(id: string): Promise<void> {
  return apiRequest<void>(`/integration/webhooks/${id}`, { method: 'DELETE' });
}

/** POST …/deliveries/:deliveryId/redeliver: the same message again, at the next round. */
export function redeliverWebhookMessage({
  endpointId,
  deliveryId,
}: {
  endpointId: string;
  deliveryId: string;
}): Promise<void> {
  return apiRequest<void>(
    `/integration/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`,
    { method: 'POST', body: {} },
  );
}

/** A webhook mutation that refreshes the endpoints and their logs once done. */
function useWebhookMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhookEndpoint = () => useWebhookMutation(createWebhookEndpoint);
export const useUpdateWebhookEndpoint = () => useWebhookMutation(updateWebhookEndpoint);
export const useRotateWebhookSecret = () => useWebhookMutation(rotateWebhookSecret);
export const useDeleteWebhookEndpoint = () => useWebhookMutation(deleteWebhookEndpoint);
export const useRedeliverWebhookMessage = () => useWebhookMutation(redeliverWebhookMessage);
