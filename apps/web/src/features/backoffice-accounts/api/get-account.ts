import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDetail } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { accountsKeys } from './accounts-keys';

/** GET /api/backoffice/accounts/:id: the account with its sites, drums, equipment and users. */
export function getAccount(id: string, signal?: AbortSignal) {
  return apiRequest<AccountDetail>(`/backoffice/accounts/${id}`, { signal });
}

export const accountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountsKeys.detail(id),
    queryFn: ({ signal }) => getAccount(id, signal),
  });

export function useAccount(id: string) {
  return useQuery(accountQueryOptions(id));
}
