import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SparePartPage } from '@portal/contract';
import type { CatalogueQuery } from '../lib/catalogue-params';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

export function toSearchString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/spareparts: one page of the catalogue, searched, filtered and sorted by the server. */
export function getSpareParts(query: CatalogueQuery, signal?: AbortSignal): Promise<SparePartPage> {
  return apiRequest<SparePartPage>(`/spareparts${toSearchString({ ...query })}`, { signal });
}

export const sparePartsQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: sparePartsKeys.list(query),
    queryFn: ({ signal }) => getSpareParts(query, signal),
    // The previous page stays on screen while the next loads: the table never flashes empty.
    placeholderData: keepPreviousData,
  });

export function useSpareParts(query: CatalogueQuery) {
  return useQuery(sparePartsQueryOptions(query));
}
