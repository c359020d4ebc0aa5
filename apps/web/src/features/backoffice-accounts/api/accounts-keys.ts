/** Query keys of the back-office's accounts; mutations invalidate by them. */
export const accountsKeys = {
  all: ['backoffice', 'accounts'] as const,
  list: (search: string, offset: number) =>
    ['backoffice', 'accounts', 'list', search, offset] as const,
  detail: (id: string) => ['backoffice', 'accounts', 'detail', id] as const,
  sso: (id: string) => ['backoffice', 'accounts', 'sso', id] as const,
  audit: (filter: { accountId?: string; action?: string; who?: string; offset: number }) =>
    ['backoffice', 'accounts', 'audit', filter] as const,
};
