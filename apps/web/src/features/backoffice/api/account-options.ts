import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccountDetail, AccountList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { backofficeKeys } from './backoffice-keys';

/** How many accounts a search offers at once; typing more of the name narrows them. */
const ACCOUNT_OPTIONS = 20;

/** GET /api/backoffice/accounts: the accounts whose name holds `search`, by name. */
export function useAccountOptions(search: string) {
  return useQuery({
    queryKey: backofficeKeys.accountOptions(search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(ACCOUNT_OPTIONS) });
      if (search) query.set('search', search);
      return apiRequest<AccountList>(`/backoffice/accounts?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/backoffice/accounts/:id: the account the inbox is narrowed to, for its name and sites. */
export function useFilteredAccount(accountId: string | undefined) {
  return useQuery({
    queryKey: backofficeKeys.filteredAccount(accountId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<AccountDetail>(`/backoffice/accounts/${encodeURIComponent(accountId ?? '')}`, {
        signal,
      }),
    enabled: accountId !== undefined,
  });
}
