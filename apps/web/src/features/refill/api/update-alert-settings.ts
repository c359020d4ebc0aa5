import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertSettings } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { alertsQueryOptions } from './get-alerts';
import { refillKeys } from './refill-keys';

/** PUT /api/refill/alerts: the account's thresholds and e-mail recipients. */
export function updateAlertSettings(settings: AlertSettings): Promise<AlertSettings> {
  return apiRequest<AlertSettings>('/refill/alerts', { method: 'PUT', body: settings });
}

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertSettings,
    // New thresholds change every drum's status too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: refillKeys.drums }),
      ]),
  });
}
