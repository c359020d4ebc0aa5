import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefillProposal, RefillProposalList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/**
 * GET /api/refill/proposals: the refills the portal proposes. Under `qgraph`, so a new reading
 * or request refreshes them with the overview.
 */
export function getRefillProposals(signal?: AbortSignal): Promise<RefillProposalList> {
  return apiRequest<RefillProposalList>('/refill/proposals', { signal });
}

export const refillProposalsQueryOptions = () =>
  queryOptions({
    queryKey: refillKeys.proposals,
    queryFn: ({ signal }) => getRefillProposals(signal),
  });

const none: RefillProposal[] = [];

/**
 * The open proposals (none when they cannot be read), and whether the first answer is in: the
 * screen waits for it before showing the drums, so the block never pushes them down once shown.
 */
export function useRefillProposals(): { proposals: RefillProposal[]; isSettled: boolean } {
  const query = useQuery(refillProposalsQueryOptions());
  return { proposals: query.data?.proposals ?? none, isSettled: !query.isPending };
}
