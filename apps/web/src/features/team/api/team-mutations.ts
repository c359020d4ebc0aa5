import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeMemberRequest, Invitation, InviteRequest, TeamMember } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** POST /api/team/invitations: a one-time link mailed in the invitee's language. */
export function inviteMember(input: InviteRequest): Promise<Invitation> {
  return apiRequest<Invitation>('/team/invitations', { method: 'POST', body: input });
}

/** POST /api/team/invitations/:id/resend: a new link, 7 more days. */
export function resendInvitation(id: string): Promise<Invitation> {
  return apiRequest<Invitation>(`/team/invitations/${id}/resend`, { method: 'POST', body: {} });
}

/** DELETE /api/team/invitations/:id: the link then says it was withdrawn. */
export function revokeInvitation(id: string): Promise<void> {
  return apiRequest<void>(`/team/invitations/${id}`, { method: 'DELETE' });
}

/** PATCH /api/team/members/:id: role and sites. */
export function changeMember({
  id,
  ...input
}: ChangeMemberRequest & { id: string }): Promise<TeamMember> {
  return apiRequest<TeamMember>(`/team/members/${id}`, { method: 'PATCH', body: input });
}

/** DELETE /api/team/members/:id: they leave the account; their sessions end at once. */
export function removeMember(id: string): Promise<void> {
  return apiRequest<void>(`/team/members/${id}`, { method: 'DELETE' });
}

/** POST /api/team/members/:id/approve: a colleague who joined by the domain is let in. */
export function approveMember(id: string): Promise<void> {
  return apiRequest<void>(`/team/members/${id}/approve`, { method: 'POST', body: {} });
}

/** A team mutation that refreshes the team (and its audit trail) once done. */
function useTeamMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team }),
  });
}

export const useInviteMember = () => useTeamMutation(inviteMember);
export const useResendInvitation = () => useTeamMutation(resendInvitation);
export const useRevokeInvitation = () => useTeamMutation(revokeInvitation);
export const useChangeMember = () => useTeamMutation(changeMember);
export const useRemoveMember = () => useTeamMutation(removeMember);
export const useApproveMember = () => useTeamMutation(approveMember);
