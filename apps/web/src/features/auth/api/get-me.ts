import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import type { RawRule } from '@/lib/app-store';

export interface Profile {
  id: string;
  email: string;
  company: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  locale: 'fr' | 'en';
  rules: RawRule[];
}

/** GET /api/users/me: the current session's profile, or 401 when signed out. */
export function getMe(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/users/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profile, queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  return useQuery(meQueryOptions());
}
