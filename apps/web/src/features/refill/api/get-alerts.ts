import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertsResponse } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** GET /api/refill/alerts (query key `refill_alert`): settings and active alerts. */
export function getAlerts(signal?: AbortSignal): Promise<AlertsResponse> {
  return apiRequest<AlertsResponse>('/refill/alerts', { signal });
}

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: refillKeys.alerts, queryFn: ({ signal }) => getAlerts(signal) });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
