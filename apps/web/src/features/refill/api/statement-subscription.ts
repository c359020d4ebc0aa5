import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StatementSubscription } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

const path = '/documents/drum-statement/subscription';

/** GET /api/documents/drum-statement/subscription: whether the admin gets it by mail. */
export function getStatementSubscription(signal?: AbortSignal): Promise<StatementSubscription> {
  return apiRequest<StatementSubscription>(path, { signal });
}

export const statementSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: [...refillKeys.alerts, 'statement'] as const,
    queryFn: ({ signal }) => getStatementSubscription(signal),
  });

export function useStatementSubscription() {
  return useQuery(statementSubscriptionQueryOptions());
}

/** PUT the same: start or stop the monthly mail. */
export function useUpdateStatementSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatementSubscription) =>
      apiRequest<StatementSubscription>(path, { method: 'PUT', body }),
    onSuccess: (saved) =>
      queryClient.setQueryData(statementSubscriptionQueryOptions().queryKey, saved),
  });
}
