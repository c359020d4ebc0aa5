import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** GET /api/team: the members, the open invitations and the account's sites. */
export function getTeam(signal?: AbortSignal): Promise<Team> {
  return apiRequest<Team>('/team?limit=200', { signal });
}

export const teamQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.team, queryFn: ({ signal }) => getTeam(signal) });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
