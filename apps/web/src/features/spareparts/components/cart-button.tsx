import { Suspense, lazy, useState } from 'react';
import { Badge } from '@portal/ui/badge';
import { BasketIcon } from '@portal/ui/icons';
import { IconButton } from '@portal/ui/button';
import { useTranslation } from '@/lib/i18n';
import { useCart } from '../api/get-cart';
import { usePartsLanguage } from '../hooks/use-parts-language';
import { closeCartPanel, openCartPanel, useIsCartPanelOpen } from '../lib/cart-panel';
import styles from './spare-parts.module.css';

// The dialog (and its number inputs and text area) loads on the first opening only.
const CartDialog = lazy(() =>
  import('./cart-dialog').then((module) => ({ default: module.CartDialog })),
);

function CartButtonContent() {
  const { t } = useTranslation('spareparts');
  const language = usePartsLanguage();
  const cart = useCart(language);
  const isOpen = useIsCartPanelOpen();
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  const count = cart.data?.itemCount ?? 0;
  return (
    <>
      <span className={styles.cartButton}>
        <IconButton
          label={t('cart.buttonLabel', { count })}
          icon={<BasketIcon />}
          aria-haspopup="dialog"
          onPress={openCartPanel}
          data-testid="cart-button"
        />
        {/* The button's name says the count; the badge is its picture. */}
        <span aria-hidden="true" className={styles.cartCount}>
          <Badge value={count} tone="destructive" />
        </span>
      </span>
      {hasOpened ? (
        <Suspense fallback={null}>
          <CartDialog isOpen={isOpen} onClose={closeCartPanel} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The cart in the header: a button with the item count that opens the cart over
 * the current screen. Its texts load with it, without holding the header back.
 */
export function CartButton() {
  return (
    <Suspense fallback={null}>
      <CartButtonContent />
    </Suspense>
  );
}
