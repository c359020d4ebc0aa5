import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstalledEquipmentList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/equipment: the account's installed units (serial, model, site). */
export function getEquipment(signal?: AbortSignal): Promise<InstalledEquipmentList> {
  return apiRequest<InstalledEquipmentList>('/spareparts/equipment', { signal });
}

export const equipmentQueryOptions = () =>
  queryOptions({
    queryKey: sparePartsKeys.equipment,
    queryFn: ({ signal }) => getEquipment(signal),
    staleTime: 10 * 60_000,
  });

export function useEquipment() {
  return useQuery(equipmentQueryOptions());
}
