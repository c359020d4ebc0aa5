import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveRegistration, RegistrationList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { accountsKeys } from './accounts-keys';

const registrationsKey = ['backoffice', 'registrations'] as const;

/** GET /api/backoffice/registrations: the requests waiting, oldest first. */
export function getPendingRegistrations(signal?: AbortSignal) {
  return apiRequest<RegistrationList>('/backoffice/registrations?status=pending&limit=50', {
    signal,
  });
}

export const pendingRegistrationsQueryOptions = () =>
  queryOptions({
    queryKey: registrationsKey,
    queryFn: ({ signal }) => getPendingRegistrations(signal),
  });

export function usePendingRegistrations() {
  return useQuery(pendingRegistrationsQueryOptions());
}

/** POST …/approve: into an existing account or a new one; the user is mailed. */
export function approveRegistration({ id, ...body }: ApproveRegistration & { id: string }) {
  return apiRequest<{ accountId: string }>(`/backoffice/registrations/${id}/approve`, {
    method: 'POST',
    body,
  });
}

/** POST …/reject: with the reason the user reads in their mail. */
export function rejectRegistration({ id, reason }: { id: string; reason: string }) {
  return apiRequest<void>(`/backoffice/registrations/${id}/reject`, {
    method: 'POST',
    body: { reason },
  });
}

function useDecision<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: registrationsKey });
      await queryClient.invalidateQueries({ queryKey: accountsKeys.all });
    },
  });
}

export const useApproveRegistration = () => useDecision(approveRegistration);
export const useRejectRegistration = () => useDecision(rejectRegistration);
