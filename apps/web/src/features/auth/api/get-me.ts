import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile } from '@portal/contract';

/** GET /api/users/me: the current session's profile, or 401 when signed out. */
export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/users/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profile, queryFn: ({ signal }) => getMe(signal) });

export function useMe(options: { refetchOnMount?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), ...options });
}
