import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrumTypeList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** GET /api/catalog/drum-types: the standard drums, smallest flange first. */
export function getDrumTypes(signal?: AbortSignal): Promise<DrumTypeList> {
  return apiRequest<DrumTypeList>('/catalog/drum-types', { signal });
}

export const drumTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'drum-types'] as const,
    queryFn: ({ signal }) => getDrumTypes(signal),
    // Reference data: it changes with a deployment, not during a session.
    staleTime: Infinity,
  });

export function useDrumTypes() {
  return useQuery(drumTypesQueryOptions());
}
