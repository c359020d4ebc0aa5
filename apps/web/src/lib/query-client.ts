import { QueryClient } from '@tanstack/react-query';

/** Queries do not retry and do not refetch on window focus (spec §7). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Cache keys of spec §3; every query of the app uses one of these as its first element. */
export const queryKeys = {
  profile: ['profile'] as const,
  qgraph: ['qgraph'] as const,
  spareparts: ['spareparts'] as const,
  refillAlert: ['refill_alert'] as const,
};
