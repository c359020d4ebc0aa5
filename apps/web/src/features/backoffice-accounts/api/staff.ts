import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddStaffRequest, StaffList, StaffMember } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The same list the inbox assigns from: adding someone refreshes both. */
const staffKey = [...queryKeys.backoffice, 'staff'] as const;

/** GET /api/backoffice/staff: the provider's staff, by e-mail. */
export function useStaffMembers() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => apiRequest<StaffList>('/backoffice/staff?limit=100', { signal }),
  });
}

/** POST /api/backoffice/staff: a new staff member, or a change of staff role. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddStaffRequest) =>
      apiRequest<StaffMember>('/backoffice/staff', { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
