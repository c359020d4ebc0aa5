import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffAuditList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { accountsKeys } from './accounts-keys';

export const AUDIT_PAGE_SIZE = 20;

interface AuditFilter {
  accountId?: string;
  action?: string;
  who?: string;
  offset: number;
}

/** GET /api/backoffice/accounts/audit: every audit trail, or one account's, filtered and paged. */
export function getStaffAudit(filter: AuditFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({
    limit: String(AUDIT_PAGE_SIZE),
    offset: String(filter.offset),
  });
  if (filter.accountId) query.set('accountId', filter.accountId);
  if (filter.action) query.set('action', filter.action);
  if (filter.who) query.set('who', filter.who);
  return apiRequest<StaffAuditList>(`/backoffice/accounts/audit?${query}`, { signal });
}

export const staffAuditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: accountsKeys.audit(filter),
    queryFn: ({ signal }) => getStaffAudit(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffAudit(filter: AuditFilter) {
  return useQuery(staffAuditQueryOptions(filter));
}
