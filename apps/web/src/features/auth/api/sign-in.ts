import type { Profile } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { appStore } from '@/lib/app-store';
import { loadQueryClient } from '@/lib/query-client-loader';
import { queryKeys } from '@/lib/query-keys';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/users/signin: spends the one-time link and opens a session (cookie). */
export function signIn(hash: string): Promise<Profile> {
  return apiRequest<Profile>('/users/signin', { method: 'POST', body: { hash } });
}

/**
 * Signs in and starts the session: the answer is the profile, so the session query needs no
 * second round trip, and the guards see the user as signed in before the navigation that follows.
 * The query cache loads here, with the first signed-in moment (lib/query-client-loader.ts).
 */
async function signInAndStartSession(hash: string): Promise<Profile> {
  return startSession(signIn(hash));
}

/** The session a sign-in (a link, a passkey) opened, started in the app as it answered. */
export async function startSession(signingIn: Promise<Profile>): Promise<Profile> {
  const [profile, queryClient] = await Promise.all([signingIn, loadQueryClient()]);
  queryClient.setQueryData(queryKeys.profile, profile);
  const { id, email, firstName, lastName, company, rules } = profile;
  appStore.getState().markAuthenticated({ id, email, firstName, lastName, company }, rules);
  return profile;
}

export function useSignIn() {
  return useAsyncAction(signInAndStartSession);
}
