import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrumListResponse } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** GET /api/refill/drums: the account's drums with the figures the server derives. */
export function getDrums(signal?: AbortSignal): Promise<DrumListResponse> {
  return apiRequest<DrumListResponse>('/refill/drums', { signal });
}

export const drumsQueryOptions = () =>
  queryOptions({ queryKey: refillKeys.drums, queryFn: ({ signal }) => getDrums(signal) });

export function useDrums(options: { refetchOnMount?: boolean } = {}) {
  return useQuery({ ...drumsQueryOptions(), ...options });
}
