import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PART_QUANTITY_MAX, type Cart, type Quote } from '@portal/contract';
import { Button, IconButton } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { TrashIcon } from '@portal/ui/icons';
import { NumberInput } from '@portal/ui/number-input';
import { Textarea } from '@portal/ui/textarea';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useCreateQuote } from '../api/create-quote';
import { useCart } from '../api/get-cart';
import { sparePartsKeys } from '../api/spare-parts-keys';
import { settleCartChanges, useRemoveCartLine, useSetCartLine } from '../api/set-cart-line';
import { usePartsFormat, type PartsFormat } from '../hooks/use-parts-format';
import { sparePartsUrl } from '../lib/spare-parts-url';
import { ErrorState, LoadingState } from '@/lib/load-states';
import styles from './spare-parts.module.css';

/** The comment's limit (CreateQuoteRequestSchema). */
export const QUOTE_COMMENT_MAX = 1000;
/** A quantity typed in a cart line reaches the server once typing pauses this long. */
const LINE_COMMIT_MS = 600;

type CartLine = Cart['lines'][number];

/** Makes an Idempotency-Key; `crypto.randomUUID` exists on every page served over http(s). */
const newKey = () => crypto.randomUUID();

const isValid = (quantity: number | null): quantity is number =>
  quantity !== null && Number.isInteger(quantity) && quantity >= 1 && quantity <= PART_QUANTITY_MAX;

function CartLineRow({ line, f }: { line: CartLine; f: PartsFormat }) {
  const { t } = useTranslation(['spareparts', 'errors']);
  const { mutate: setLine } = useSetCartLine(f.language);
  const remove = useRemoveCartLine(f.language);
  const [value, setValue] = useState<number | null>(line.quantity);
  const [serverQuantity, setServerQuantity] = useState(line.quantity);
  const latest = useRef<number | null>(line.quantity);
  // The server's answer (or another device's change) replaces what is shown.
  if (serverQuantity !== line.quantity) {
    setServerQuantity(line.quantity);
    setValue(line.quantity);
  }

  const partId = line.part.id;
  const commit = (quantity: number | null) => {
    if (!isValid(quantity) || quantity === line.quantity) return;
    setLine(
      { partId, quantity },
      {
        onError: (error) => {
          showErrorToasts(error, t);
          setValue(line.quantity);
        },
      },
    );
  };

  useEffect(() => {
    if (!isValid(value) || value === serverQuantity) return undefined;
    const timer = setTimeout(() => {
      setLine({ partId, quantity: value }, { onError: (error) => showErrorToasts(error, t) });
    }, LINE_COMMIT_MS);
    return () => clearTimeout(timer);
  }, [value, serverQuantity, partId, setLine, t]);

  return (
    <li className={styles.cartLine}>
      <div className={styles.cartLineText}>
        <strong className={styles.partNumber}>{line.part.partNumber}</strong>
        <span>{line.part.designation}</span>
        <span className={`${styles.muted} ${styles.small}`}>
          {`${f.price(line.part.unitPriceCents)} × ${f.count(line.quantity)} = `}
          <span className={styles.price}>{f.price(line.lineTotalCents)}</span>
        </span>
      </div>
      <div className={styles.cartLineControls}>
        <NumberInput
          className={styles.quantityField}
          label={t('part.quantityOf', { partNumber: line.part.partNumber })}
          value={value}
          min={1}
          max={PART_QUANTITY_MAX}
          allowDecimal={false}
          onChange={(next) => {
            latest.current = next;
            setValue(next);
          }}
          // Leaving the field sends at once, so a quote asked right after uses this quantity.
          onBlur={() => commit(latest.current)}
        />
        <IconButton
          label={t('cart.removeLabel', { partNumber: line.part.partNumber })}
          icon={<TrashIcon />}
          isPending={remove.isPending}
          onPress={() => remove.mutate(partId, { onError: (error) => showErrorToasts(error, t) })}
        />
      </div>
    </li>
  );
}

export interface CartDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The cart as a dialog over any screen: lines with their quantity and removal, the totals, a
 * comment and "request a quote". The Idempotency-Key belongs to one submission (this comment
 * and these lines): a retry after a failure or a lost answer sends the same key, so the server
 * answers the first quote instead of making a second.
 */
export function CartDialog({ isOpen, onClose }: CartDialogProps) {
  const { t } = useTranslation(['spareparts', 'errors']);
  const f = usePartsFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart(f.language);
  const createQuote = useCreateQuote(f.language);
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState<Quote | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const attempt = useRef<{ key: string; payload: string } | null>(null);

  // Each opening starts from the cart; a confirmation is shown once.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) setSent(null);
  }

  const lines = cart.data?.lines ?? [];
  const isEmpty = lines.length === 0;

  // A ref, not the state: the second click of a double click comes before the re-render.
  const isInFlight = useRef(false);

  const submit = async () => {
    if (isInFlight.current) return;
    isInFlight.current = true;
    setSubmitting(true);
    try {
      // A quantity just typed is sent first: the quote is made from the server's cart.
      await settleCartChanges(queryClient);
      const current = queryClient.getQueryData<Cart>(sparePartsKeys.cart(f.language));
      const request = comment.trim() ? { comment: comment.trim() } : {};
      const payload = JSON.stringify({
        request,
        lines: (current ?? cart.data)?.lines.map((line) => [line.part.id, line.quantity]),
      });
      if (!attempt.current || attempt.current.payload !== payload) {
        attempt.current = { key: newKey(), payload };
      }
      const quote = await createQuote.mutateAsync({ request, key: attempt.current.key });
      attempt.current = null;
      setComment('');
      setSent(quote);
      toaster.show({
        type: 'success',
        title: t('common:success'),
        description: t('cart.sent', { number: quote.number }),
      });
    } catch (error) {
      showErrorToasts(error, t);
    } finally {
      isInFlight.current = false;
      setSubmitting(false);
    }
  };

  const goTo = (url: string) => {
    onClose();
    void navigate(url);
  };

  let body;
  if (sent) {
    body = (
      <div className={styles.sent} role="status">
        <p className={styles.emptyTitle}>{t('cart.sent', { number: sent.number })}</p>
        <p>{t('cart.sentDetail')}</p>
        <Button
          variant="outlined"
          onPress={() => goTo(sparePartsUrl({ tab: 'quotes', quote: sent.id }))}
        >
          {t('cart.seeQuotes')}
        </Button>
      </div>
    );
  } else if (cart.isPending) {
    body = <LoadingState />;
  } else if (cart.isError) {
    body = <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />;
  } else if (isEmpty) {
    body = (
      <div className={styles.sent}>
        <p>{t('cart.empty')}</p>
        <Button variant="outlined" onPress={() => goTo(sparePartsUrl())}>
          {t('cart.browse')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className={styles.stack}>
        <ul className={styles.cartLines} aria-label={t('cart.linesLabel')}>
          {lines.map((line) => (
            <CartLineRow key={line.part.id} line={line} f={f} />
          ))}
        </ul>
        <div>
          <p className={styles.totals}>
            <span>{t('cart.items', { count: f.count(cart.data.itemCount) })}</span>
            <span className={styles.total}>
              {`${t('cart.total')} ${f.price(cart.data.totalCents)}`}
            </span>
          </p>
          <p className={`${styles.muted} ${styles.small}`}>{t('cart.priceNote')}</p>
        </div>
        <Textarea
          label={t('cart.comment')}
          description={t('cart.commentHelp')}
          value={comment}
          maxLength={QUOTE_COMMENT_MAX}
          rows={3}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('cart.title')}
      description={sent || isEmpty ? undefined : t('cart.description')}
      closeLabel={t('cart.close')}
      closeOnClickOutside={!isSubmitting}
      width={560}
      footer={
        sent || isEmpty || !cart.isSuccess ? null : (
          <div className={styles.dialogActions}>
            <Button variant="outlined" onPress={onClose}>
              {t('cart.close')}
            </Button>
            <Button
              isPending={isSubmitting}
              pendingLabel={t('cart.sending')}
              onPress={() => void submit()}
            >
              {t('cart.request')}
            </Button>
          </div>
        )
      }
    >
      {body}
    </Dialog>
  );
}
