import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { teamKeys } from './team-keys';

export interface AuditFilter {
  action?: string;
  who?: string;
  offset: number;
}

export const AUDIT_PAGE_SIZE = 20;

/** GET /api/team/audit: the account's audit trail, newest first, a page at a time. */
export function getAudit(filter: AuditFilter, signal?: AbortSignal): Promise<AuditList> {
  const query = new URLSearchParams({
    limit: String(AUDIT_PAGE_SIZE),
    offset: String(filter.offset),
  });
  if (filter.action) query.set('action', filter.action);
  if (filter.who) query.set('who', filter.who);
  return apiRequest<AuditList>(`/team/audit?${query.toString()}`, { signal });
}

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: teamKeys.audit(filter),
    queryFn: ({ signal }) => getAudit(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQueryOptions(filter));
}
