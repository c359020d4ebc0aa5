import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile } from '@portal/contract';

/** GET /api/users/me: the current session's profile, or 401 when signed out. */
export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/users/me', { signal });
}

/**
 * The profile read at boot (session-gate.tsx) is fresh for a minute: the screens that show it as
 * they mount (profile menu, name prompt) use it instead of asking again; a saved profile replaces
 * it in the cache.
 */
const PROFILE_FRESH_MS = 60_000;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: PROFILE_FRESH_MS,
  });

export function useMe(options: { refetchOnMount?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), ...options });
}
