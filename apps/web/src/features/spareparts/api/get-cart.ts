import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/cart: the user's cart, kept on the server (it follows them across devices). */
export function getCart(lang: string, signal?: AbortSignal): Promise<Cart> {
  return apiRequest<Cart>(`/spareparts/cart?lang=${lang}`, { signal });
}

export const cartQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: sparePartsKeys.cart(lang),
    queryFn: ({ signal }) => getCart(lang, signal),
  });

export function useCart(lang: string) {
  return useQuery(cartQueryOptions(lang));
}
