import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrumListResponse } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** GET /api/refill/drums, for picking the drum a measured remaining length belongs to. */
export function getAccountDrums(signal?: AbortSignal): Promise<DrumListResponse> {
  return apiRequest<DrumListResponse>('/refill/drums', { signal });
}

export const accountDrumsQueryOptions = () =>
  queryOptions({
    queryKey: ['refill', 'drums', 'for-calculator'] as const,
    queryFn: ({ signal }) => getAccountDrums(signal),
  });

export function useAccountDrums(isEnabled: boolean) {
  return useQuery({ ...accountDrumsQueryOptions(), enabled: isEnabled });
}
