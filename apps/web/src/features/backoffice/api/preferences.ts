import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffPreferences } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { backofficeKeys } from './backoffice-keys';

/** GET /api/backoffice/preferences: one mail per change, or the daily digest. */
export function getPreferences(signal?: AbortSignal): Promise<StaffPreferences> {
  return apiRequest<StaffPreferences>('/backoffice/preferences', { signal });
}

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: backofficeKeys.preferences,
    queryFn: ({ signal }) => getPreferences(signal),
  });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/** PUT /api/backoffice/preferences. */
export function useSetPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: StaffPreferences) =>
      apiRequest<StaffPreferences>('/backoffice/preferences', {
        method: 'PUT',
        body: preferences,
      }),
    onSuccess: (preferences) => queryClient.setQueryData(backofficeKeys.preferences, preferences),
  });
}
