import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { integrationKeys, type IntegrationBase } from './integration-keys';

export interface DrumDeviceChange {
  drumId: string;
  /** 16 hexadecimal digits; null: the drum keeps no device. */
  devEui: string | null;
}

/** PUT <base>/drums/:id/device: maps the device to the drum, or clears the drum's device. */
export function setDrumDevice(
  base: IntegrationBase,
  { drumId, devEui }: DrumDeviceChange,
): Promise<{ drumId: string; devEui: string | null }> {
  return apiRequest(`${base}/drums/${encodeURIComponent(drumId)}/device`, {
    method: 'PUT',
    body: { devEui },
  });
}

export function useSetDrumDevice(base: IntegrationBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DrumDeviceChange) => setDrumDevice(base, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.devices(base) }),
  });
}
