import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/users/me: names, phone, language. Answers the whole updated profile. */
export function updateProfile(changes: UpdateProfileRequest): Promise<Profile> {
  return apiRequest<Profile>('/users/me', { method: 'PATCH', body: changes });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the new profile: no need to ask for it again.
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}
