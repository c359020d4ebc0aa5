import { QueryClient } from '@tanstack/react-query';

export { queryKeys } from './query-keys';

/** Queries do not retry and do not refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
