import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationRequestInput, RegistrationState } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

const registrationKey = ['registration'] as const;

/** GET /api/registration: where the signed-in user stands. */
export function getRegistration(signal?: AbortSignal) {
  return apiRequest<RegistrationState>('/registration', { signal });
}

export const registrationQueryOptions = () =>
  queryOptions({ queryKey: registrationKey, queryFn: ({ signal }) => getRegistration(signal) });

export function useRegistration() {
  return useQuery(registrationQueryOptions());
}

/** POST /api/registration: company, site and phone, for staff to review. */
export function submitRegistration(input: RegistrationRequestInput) {
  return apiRequest<RegistrationState>('/registration', { method: 'POST', body: input });
}

export function useSubmitRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRegistration,
    onSuccess: (state) => queryClient.setQueryData(registrationKey, state),
  });
}
