import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { createPasskey } from '@/lib/passkeys';
import { queryKeys } from '@/lib/query-keys';
import { teamKeys } from './team-keys';

/** GET /api/users/me/passkeys: the person's passkeys, oldest first. */
export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return apiRequest<PasskeyList>('/users/me/passkeys', { signal });
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.passkeys, queryFn: ({ signal }) => getPasskeys(signal) });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** PATCH /api/users/me/passkeys/:id: a new name. */
export function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return apiRequest<Passkey>(`/users/me/passkeys/${id}`, { method: 'PATCH', body: { name } });
}

/** DELETE /api/users/me/passkeys/:id: it signs no one in any more. */
export function removePasskey(id: string): Promise<void> {
  return apiRequest<void>(`/users/me/passkeys/${id}`, { method: 'DELETE' });
}

function usePasskeysMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.passkeys });
      // Staff asked to add a passkey: the profile's deadline goes once they hold one.
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    },
  });
}

export const useAddPasskey = () => usePasskeysMutation(createPasskey);
export const useRenamePasskey = () => usePasskeysMutation(renamePasskey);
export const useRemovePasskey = () => usePasskeysMutation(removePasskey);
