import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CableProductList, DrumTypeList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** The catalogue rarely changes while a page is open. */
const CATALOGUE_FRESH_MS = 10 * 60_000;

/** GET /api/catalog/drum-types: the codes a drum's type is picked from. */
export const drumTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'drum-types'] as const,
    queryFn: ({ signal }) => apiRequest<DrumTypeList>('/catalog/drum-types', { signal }),
    staleTime: CATALOGUE_FRESH_MS,
  });

/** GET /api/catalog/products: the cable references a drum's cable is picked from. */
export const cableProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'products'] as const,
    queryFn: ({ signal }) => apiRequest<CableProductList>('/catalog/products', { signal }),
    staleTime: CATALOGUE_FRESH_MS,
  });

export const useDrumTypes = () => useQuery(drumTypesQueryOptions());
export const useCableProducts = () => useQuery(cableProductsQueryOptions());
