import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefillRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** POST /api/refill/proposals/{id}/confirm: the proposal becomes a refill request. */
export function confirmRefillProposal(proposalId: string): Promise<RefillRequest> {
  return apiRequest<RefillRequest>(`/refill/proposals/${encodeURIComponent(proposalId)}/confirm`, {
    method: 'POST',
    body: {},
  });
}

/** POST /api/refill/proposals/{id}/dismiss. */
export function dismissRefillProposal(proposalId: string): Promise<void> {
  return apiRequest<void>(`/refill/proposals/${encodeURIComponent(proposalId)}/dismiss`, {
    method: 'POST',
    body: {},
  });
}

/** Confirm or dismiss: either way the proposals, the overview and the requests change. */
export function useAnswerRefillProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      answer,
    }: {
      id: string;
      answer: 'confirm' | 'dismiss';
    }): Promise<RefillRequest | null> =>
      answer === 'confirm' ? confirmRefillProposal(id) : dismissRefillProposal(id).then(() => null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refillKeys.all }),
  });
}
