import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@portal/ui/badge';
import { IconButton } from '@portal/ui/button';
import { useCart } from '../api/get-cart';
import { usePartsLanguage } from '../hooks/use-parts-language';
import { closeCartPanel, openCartPanel, useIsCartPanelOpen } from '../lib/cart-panel';
import styles from './spare-parts.module.css';

// The dialog (and its number inputs and text area) loads on the first opening only.
const CartDialog = lazy(() =>
  import('./cart-dialog').then((module) => ({ default: module.CartDialog })),
);

/**
 * A basket, not the kit's cart: the navbar's cart icon already stands for the refill screen
 *, and one picture should not mean two things on one screen.
 */
function BasketIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 10h14l-1.5 9.5a1 1 0 0 1-1 .5h-9a1 1 0 0 1-1-.5z" />
      <path d="m9 10 3-6 3 6" />
      <path d="M10 14v3M14 14v3" />
    </svg>
  );
}

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
