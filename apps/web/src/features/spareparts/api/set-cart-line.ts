import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PART_QUANTITY_MAX, type Cart } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { cartQueryOptions } from './get-cart';
import { sparePartsKeys } from './spare-parts-keys';

/** PUT /api/spareparts/cart/lines/{partId}: sets the quantity of a part in the cart (adds the line). */
export function setCartLine(partId: string, quantity: number, lang: string): Promise<Cart> {
  return apiRequest<Cart>(`/spareparts/cart/lines/${encodeURIComponent(partId)}?lang=${lang}`, {
    method: 'PUT',
    body: { quantity },
  });
}

/** DELETE /api/spareparts/cart/lines/{partId}: removes the line. */
export function removeCartLine(partId: string, lang: string): Promise<Cart> {
  return apiRequest<Cart>(`/spareparts/cart/lines/${encodeURIComponent(partId)}?lang=${lang}`, {
    method: 'DELETE',
  });
}

/** The answer is the whole cart: it replaces the cached one, and other languages refetch. */
function storeCart(queryClient: QueryClient, lang: string, cart: Cart) {
  queryClient.setQueryData(sparePartsKeys.cart(lang), cart);
  void queryClient.invalidateQueries({
    queryKey: sparePartsKeys.cartAll,
    predicate: (query) => query.queryKey[2] !== lang,
  });
}

export function useSetCartLine(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sparePartsKeys.cartAll,
    mutationFn: ({ partId, quantity }: { partId: string; quantity: number }) =>
      setCartLine(partId, quantity, lang),
    onSuccess: (cart) => storeCart(queryClient, lang, cart),
  });
}

/**
 * "Add to cart" adds to what the cart already holds for the part: the API sets a quantity, so
 * the new one is the line's current quantity plus the added one, within the per-line maximum.
 */
export function useAddToCart(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sparePartsKeys.cartAll,
    mutationFn: async ({ partId, quantity }: { partId: string; quantity: number }) => {
      const cart = await queryClient.ensureQueryData(cartQueryOptions(lang));
      const current = cart.lines.find((line) => line.part.id === partId)?.quantity ?? 0;
      return setCartLine(partId, Math.min(current + quantity, PART_QUANTITY_MAX), lang);
    },
    onSuccess: (cart) => storeCart(queryClient, lang, cart),
  });
}

export function useRemoveCartLine(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sparePartsKeys.cartAll,
    mutationFn: (partId: string) => removeCartLine(partId, lang),
    onSuccess: (cart) => storeCart(queryClient, lang, cart),
  });
}

/** Resolves once no change of the cart is in flight (a quote is made from the server's cart). */
export function settleCartChanges(queryClient: QueryClient): Promise<void> {
  const isBusy = () => queryClient.isMutating({ mutationKey: sparePartsKeys.cartAll }) > 0;
  if (!isBusy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (isBusy()) return;
      unsubscribe();
      resolve();
    });
  });
}
