import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { appStore } from '@/lib/app-store';
import { meQueryOptions } from './get-me';

/** POST /api/users/signin: spends the one-time link and opens a session (cookie). */
export function signIn(hash: string): Promise<Profile> {
  return apiRequest<Profile>('/users/signin', { method: 'POST', body: { hash } });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // The answer is the profile: the session query needs no second round trip, and the guards
    // see the user as signed in before the navigation that follows.
    onSuccess: (profile) => {
      queryClient.setQueryData(meQueryOptions().queryKey, profile);
      const { id, email, firstName, lastName, company, rules } = profile;
      appStore.getState().markAuthenticated({ id, email, firstName, lastName, company }, rules);
    },
  });
}
