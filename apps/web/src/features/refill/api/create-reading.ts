import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReadingRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** POST /api/refill/drums/:id/readings: a manual measurement. */
export function createReading(drumId: string, reading: CreateReadingRequest): Promise<unknown> {
  return apiRequest(`/refill/drums/${encodeURIComponent(drumId)}/readings`, {
    method: 'POST',
    body: reading,
  });
}

export function useCreateReading(drumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reading: CreateReadingRequest) => createReading(drumId, reading),
    // The reading changes the graph, the overview's figures and possibly the active alerts.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: refillKeys.all }),
        queryClient.invalidateQueries({ queryKey: refillKeys.alerts }),
      ]),
  });
}
