import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** GET /api/users/me/sessions: the user's active sessions, this one marked. */
export function getSessions(signal?: AbortSignal): Promise<SessionList> {
  return apiRequest<SessionList>('/users/me/sessions?limit=200', { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.sessions, queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** DELETE /api/users/me/sessions/:id: signs that browser out. */
export function endSession(id: string): Promise<void> {
  return apiRequest<void>(`/users/me/sessions/${id}`, { method: 'DELETE' });
}

/** POST /api/users/me/sessions/signout-others: every other browser signed out. */
export function endOtherSessions(): Promise<{ signedOut: number }> {
  return apiRequest<{ signedOut: number }>('/users/me/sessions/signout-others', {
    method: 'POST',
    body: {},
  });
}

function useSessionsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.sessions }),
  });
}

export const useEndSession = () => useSessionsMutation(endSession);
export const useEndOtherSessions = () => useSessionsMutation(endOtherSessions);
