import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { backofficeKeys } from './backoffice-keys';

/** GET /api/backoffice/staff: who an item can be assigned to. */
export function getStaff(signal?: AbortSignal): Promise<StaffList> {
  return apiRequest<StaffList>('/backoffice/staff?limit=200', { signal });
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: backofficeKeys.staff, queryFn: ({ signal }) => getStaff(signal) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
