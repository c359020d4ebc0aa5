import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CableProductList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** GET /api/catalog/products: the cable references, ordered by family then size. */
export function getCableProducts(signal?: AbortSignal): Promise<CableProductList> {
  return apiRequest<CableProductList>('/catalog/products', { signal });
}

export const cableProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'products'] as const,
    queryFn: ({ signal }) => getCableProducts(signal),
    // Reference data: it changes with a deployment, not during a session.
    staleTime: Infinity,
  });

export function useCableProducts() {
  return useQuery(cableProductsQueryOptions());
}
