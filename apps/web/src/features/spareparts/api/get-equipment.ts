import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstalledEquipmentList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/equipment: the account's installed units (serial, model, site) in `lang`. */
export function getEquipment(lang: string, signal?: AbortSignal): Promise<InstalledEquipmentList> {
  return apiRequest<InstalledEquipmentList>(`/spareparts/equipment?lang=${lang}`, { signal });
}

export const equipmentQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: sparePartsKeys.equipment(lang),
    queryFn: ({ signal }) => getEquipment(lang, signal),
    staleTime: 10 * 60_000,
  });

export function useEquipment(lang: string) {
  return useQuery(equipmentQueryOptions(lang));
}
