import type { InvitationPreview, Profile } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { appStore } from '@/lib/app-store';
import { loadQueryClient } from '@/lib/query-client-loader';
import { queryKeys } from '@/lib/query-keys';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/invitations/preview: what the link offers; opening the page spends nothing. */
export function previewInvitation(token: string): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>('/invitations/preview', { method: 'POST', body: { token } });
}

/** POST /api/invitations/accept: joins the account and opens a session, like a sign-in link. */
async function acceptInvitation(token: string): Promise<Profile> {
  const [profile, queryClient] = await Promise.all([
    apiRequest<Profile>('/invitations/accept', { method: 'POST', body: { token } }),
    loadQueryClient(),
  ]);
  queryClient.setQueryData(queryKeys.profile, profile);
  const { id, email, firstName, lastName, company, rules } = profile;
  appStore.getState().markAuthenticated({ id, email, firstName, lastName, company }, rules);
  return profile;
}

export const usePreviewInvitation = () => useAsyncAction(previewInvitation);
export const useAcceptInvitation = () => useAsyncAction(acceptInvitation);
