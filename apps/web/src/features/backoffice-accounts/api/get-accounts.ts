import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { accountsKeys } from './accounts-keys';

export const ACCOUNTS_PAGE_SIZE = 50;

/** GET /api/backoffice/accounts: a page of accounts by name, optionally searched. */
export function getAccounts(search: string, offset: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(ACCOUNTS_PAGE_SIZE), offset: String(offset) });
  if (search) query.set('search', search);
  return apiRequest<AccountList>(`/backoffice/accounts?${query}`, { signal });
}

export const accountsQueryOptions = (search: string, offset: number) =>
  queryOptions({
    queryKey: accountsKeys.list(search, offset),
    queryFn: ({ signal }) => getAccounts(search, offset, signal),
    placeholderData: keepPreviousData,
  });

export function useAccounts(search: string, offset: number) {
  return useQuery(accountsQueryOptions(search, offset));
}
