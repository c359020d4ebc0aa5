import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuantityGraph } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

export interface GraphRange {
  /** YYYY-MM-DD */
  from?: string;
  /** YYYY-MM-DD */
  to?: string;
}

/** GET /api/refill/drums/:id/qgraph (query key `qgraph`): remaining length over time. */
export function getQuantityGraph(
  drumId: string,
  range: GraphRange,
  signal?: AbortSignal,
): Promise<QuantityGraph> {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.size ? `?${params.toString()}` : '';
  return apiRequest<QuantityGraph>(`/refill/drums/${encodeURIComponent(drumId)}/qgraph${query}`, {
    signal,
  });
}

export const quantityGraphQueryOptions = (drumId: string, range: GraphRange) =>
  queryOptions({
    queryKey: refillKeys.graph(drumId, range),
    queryFn: ({ signal }) => getQuantityGraph(drumId, range, signal),
    // Keeps the previous curve on screen while another range loads.
    placeholderData: keepPreviousData,
  });

export function useQuantityGraph(drumId: string, range: GraphRange) {
  return useQuery(quantityGraphQueryOptions(drumId, range));
}
