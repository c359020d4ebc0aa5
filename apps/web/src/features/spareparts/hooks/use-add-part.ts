import { useCallback } from 'react';
import type { SparePartSummary } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useAddToCart } from '../api/set-cart-line';
import { usePartsLanguage } from './use-parts-format';

/** Adds a quantity of a part to the cart, with a success toast or the error toasts of its codes. */
export function useAddPart() {
  const { t } = useTranslation(['spareparts', 'errors']);
  const language = usePartsLanguage();
  const { mutate, isPending, variables } = useAddToCart(language);
  const add = useCallback(
    (part: SparePartSummary, quantity: number, onAdded?: () => void) =>
      mutate(
        { partId: part.id, quantity },
        {
          onSuccess: () => {
            toaster.show({
              type: 'success',
              title: t('common:success'),
              description: t('part.added', { partNumber: part.partNumber, quantity }),
            });
            onAdded?.();
          },
          onError: (error) => showErrorToasts(error, t),
        },
      ),
    [mutate, t],
  );
  return { add, pendingPartId: isPending ? variables.partId : undefined };
}
