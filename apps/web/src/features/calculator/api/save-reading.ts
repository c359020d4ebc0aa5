import { useMutation } from '@tanstack/react-query';
import type { CreateReadingRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /api/refill/drums/{id}/readings: the calculated remaining length as a manual reading. */
export function saveReading(drumId: string, reading: CreateReadingRequest) {
  return apiRequest(`/refill/drums/${encodeURIComponent(drumId)}/readings`, {
    method: 'POST',
    body: reading,
  });
}

export function useSaveReading() {
  return useMutation({
    mutationFn: ({ drumId, reading }: { drumId: string; reading: CreateReadingRequest }) =>
      saveReading(drumId, reading),
  });
}
