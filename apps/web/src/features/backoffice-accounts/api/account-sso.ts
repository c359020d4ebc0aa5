import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSso, AccountSsoInput } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { accountsKeys } from './accounts-keys';

const ssoPath = (accountId: string) => `/backoffice/accounts/${accountId}/sso`;

/** GET /api/backoffice/accounts/:id/sso: the account's identity provider, never its secret. */
export function getAccountSso(accountId: string, signal?: AbortSignal) {
  return apiRequest<AccountSso>(ssoPath(accountId), { signal });
}

export const accountSsoQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountsKeys.sso(accountId),
    queryFn: ({ signal }) => getAccountSso(accountId, signal),
  });

export function useAccountSso(accountId: string) {
  return useQuery(accountSsoQueryOptions(accountId));
}

/** PUT /api/backoffice/accounts/:id/sso: sets it; an empty secret keeps the stored one. */
export function saveAccountSso({
  accountId,
  ...input
}: AccountSsoInput & { accountId: string }): Promise<AccountSso> {
  return apiRequest<AccountSso>(ssoPath(accountId), { method: 'PUT', body: input });
}

export function useSaveAccountSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountSso,
    onSuccess: (saved, { accountId }) => {
      queryClient.setQueryData(accountsKeys.sso(accountId), saved);
      // The audit trail shows the change.
      void queryClient.invalidateQueries({ queryKey: accountsKeys.all });
    },
  });
}
