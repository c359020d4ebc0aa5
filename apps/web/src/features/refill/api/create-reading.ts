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
    // The reading changes the graph, the overview's figures and possibly the active alerts. Stored
    // is stored: the form says so at once and the figures follow, not the other way round.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refillKeys.all });
      void queryClient.invalidateQueries({ queryKey: refillKeys.alerts });
    },
  });
}
