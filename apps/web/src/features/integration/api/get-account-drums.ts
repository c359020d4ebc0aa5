import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrumListResponse } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** GET /api/refill/drums: the account's drums, the choices when mapping a sensor. */
export function getAccountDrums(signal?: AbortSignal): Promise<DrumListResponse> {
  return apiRequest<DrumListResponse>('/refill/drums', { signal });
}

export const accountDrumsQueryOptions = () =>
  queryOptions({
    queryKey: ['refill', 'drums', 'for-integration'] as const,
    queryFn: ({ signal }) => getAccountDrums(signal),
    select: (data) =>
      data.drums
        .map((drum) => ({ id: drum.id, serial: drum.serial }))
        .sort((a, b) => a.serial.localeCompare(b.serial, undefined, { numeric: true })),
  });

export function useAccountDrums() {
  return useQuery(accountDrumsQueryOptions());
}
