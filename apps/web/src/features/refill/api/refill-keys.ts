import { queryKeys } from '@/lib/query-keys';

/**
 * Cache keys of the refill screen. The product's cache keys for refill are only `qgraph` and `refill_alert`; the drum list
 * and the requests are derived from the same readings, so they live under `qgraph`: a new reading
 * invalidates `['qgraph']` and refreshes the graph and the overview's figures together.
 */
export const refillKeys = {
  all: queryKeys.qgraph,
  drums: [...queryKeys.qgraph, 'drums'] as const,
  graph: (drumId: string, range: { from?: string; to?: string }) =>
    [...queryKeys.qgraph, 'graph', drumId, range] as const,
  graphOf: (drumId: string) => [...queryKeys.qgraph, 'graph', drumId] as const,
  alerts: queryKeys.refillAlert,
  requests: [...queryKeys.qgraph, 'requests'] as const,
  collections: [...queryKeys.qgraph, 'collections'] as const,
  proposals: [...queryKeys.qgraph, 'proposals'] as const,
  messages: (requestId: string) =>
    [...queryKeys.qgraph, 'requests', requestId, 'messages'] as const,
};
