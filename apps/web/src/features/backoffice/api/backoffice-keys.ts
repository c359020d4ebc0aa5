import type { InboxQuery } from '@portal/contract';
import { queryKeys } from '@/lib/query-keys';

/** Cache keys of the back-office, all under the product's `backoffice` key. */
export const backofficeKeys = {
  all: queryKeys.backoffice,
  inbox: (query: InboxQuery) => [...queryKeys.backoffice, 'inbox', query] as const,
  item: (id: string, lang: string) => [...queryKeys.backoffice, 'item', id, lang] as const,
  staff: [...queryKeys.backoffice, 'staff'] as const,
  preferences: [...queryKeys.backoffice, 'preferences'] as const,
  accountOptions: (search: string) => [...queryKeys.backoffice, 'accounts', search] as const,
  filteredAccount: (id: string) => [...queryKeys.backoffice, 'account', id] as const,
};
