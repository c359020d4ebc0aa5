import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { showErrorToasts } from '@/lib/error-toasts';
import { belowQuery, useMediaQuery } from '@/lib/use-media-query';
import { useAddToCart } from '../api/set-cart-line';
import { sparePartsKeys } from '../api/spare-parts-keys';
import { ConversationChat } from '@/lib/conversation-chat';
import { openCartPanel } from '../lib/cart-panel';
import { usePartsFormat } from '../hooks/use-parts-format';
import { QuoteOffer } from './quote-offer';
import { QuoteStatusLabel } from './quote-status';
import styles from './spare-parts.module.css';
import { useAbility } from '@/lib/ability';

/**
 * "Order again" from an accepted quote: its lines go into the cart (added to what it holds),
 * which opens to send them as a new quote request.
 */
function OrderAgain({ quote }: { quote: Quote }) {
  const { t } = useTranslation(['spareparts', 'errors']);
  const f = usePartsFormat();
  const addToCart = useAddToCart(f.language);
  const [isAdding, setAdding] = useState(false);
  const orderAgain = async () => {
    setAdding(true);
    try {
      for (const line of quote.lines) {
        await addToCart.mutateAsync({ partId: line.partId, quantity: line.quantity });
      }
      openCartPanel();
    } catch (error) {
      showErrorToasts(error, t);
    } finally {
      setAdding(false);
    }
  };
  return (
    <div>
      <Button
        variant="outlined"
        isPending={isAdding}
        pendingLabel={t('quotes.orderingAgain')}
        onPress={() => void orderAgain()}
      >
        {t('quotes.orderAgain')}
      </Button>
    </div>
  );
}

/**
 * A quote: its lines, comment and status, and its conversation with customer service in the
 * kit's chat. Shown in place of the history (a panel reads as well at 320 px as a dialog).
 */
export function QuoteDetail({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  // Writing to customer service needs `order spareparts`; a viewer reads the conversation.
  const canOrder = useAbility().can('order', 'spareparts');
  const { t } = useTranslation(['spareparts', 'errors']);
  const f = usePartsFormat();
  // Five columns do not fit a phone: there the lines are a list.
  const isSmall = useMediaQuery(belowQuery('smallTablet'));

  const heading = useRef<HTMLHeadingElement>(null);
  // The panel replaces the list: move focus to its heading so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="quote-title" className={styles.stack}>
      <div>
        <Button variant="text" onPress={onClose}>
          {t('quotes.back')}
        </Button>
      </div>
      <h2 id="quote-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {t('quotes.detailTitle', { number: quote.number })}
      </h2>
      <p className={styles.muted}>
        {t('quotes.summary', { date: f.date(quote.createdAt) })}{' '}
        <QuoteStatusLabel status={quote.status} />
      </p>
      <div className={styles.quoteBody}>
        <div className={styles.stack}>
          {isSmall ? (
            <section aria-labelledby="quote-lines" className={styles.stack}>
              <h3 id="quote-lines" className={styles.sectionTitle}>
                {t('quotes.linesTitle')}
              </h3>
              <ul className={styles.cartLines}>
                {quote.lines.map((line) => (
                  <li key={line.partId} className={styles.cartLineText}>
                    <strong className={styles.partNumber}>{line.partNumber}</strong>
                    <span>{line.designation}</span>
                    <span className={`${styles.muted} ${styles.small}`}>
                      {`${f.price(line.unitPriceCents)} × ${f.count(line.quantity)} = `}
                      <span className={styles.price}>
                        {f.price(line.unitPriceCents * line.quantity)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
              <p className={styles.totals}>
                <span>{t('quotes.total')}</span>
                <span className={styles.total}>{f.price(quote.totalCents)}</span>
              </p>
            </section>
          ) : (
            <div
              className={styles.tableScroll}
              role="region"
              aria-label={t('quotes.linesTitle')}
              // A region that may scroll sideways on a phone must be reachable by keyboard (axe
              // scrollable-region-focusable); it is a labelled region, not a widget.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
            >
              <table className={styles.plainTable}>
                <caption>{t('quotes.linesTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('part.partNumber')}</th>
                    <th scope="col">{t('part.designation')}</th>
                    <th scope="col" data-align="end">
                      {t('quotes.quantity')}
                    </th>
                    <th scope="col" data-align="end">
                      {t('quotes.unitPrice')}
                    </th>
                    <th scope="col" data-align="end">
                      {t('quotes.lineTotal')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {quote.lines.map((line) => (
                    <tr key={line.partId}>
                      <td className={styles.partNumber}>{line.partNumber}</td>
                      <td>{line.designation}</td>
                      <td data-align="end">{f.count(line.quantity)}</td>
                      <td data-align="end">{f.price(line.unitPriceCents)}</td>
                      <td data-align="end">{f.price(line.unitPriceCents * line.quantity)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={4}>
                      {t('quotes.total')}
                    </th>
                    <td data-align="end">
                      <strong>{f.price(quote.totalCents)}</strong>
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {quote.comment ? (
            <div>
              <h3 className={styles.sectionTitle}>{t('quotes.comment')}</h3>
              <p className={styles.preWrap}>{quote.comment}</p>
            </div>
          ) : null}
          <QuoteOffer quote={quote} />
          {quote.status === 'accepted' && canOrder ? <OrderAgain quote={quote} /> : null}
        </div>
        <section aria-labelledby="quote-conversation" className={styles.stack}>
          <h3 id="quote-conversation" className={styles.sectionTitle}>
            {t('quotes.conversation')}
          </h3>
          <ConversationChat
            path={`/spareparts/quotes/${encodeURIComponent(quote.id)}/messages`}
            queryKey={sparePartsKeys.messages(quote.id)}
            label={t('quotes.log', { number: quote.number })}
            canWrite={canOrder}
            labels={{
              message: t('quotes.message'),
              send: t('quotes.send'),
              empty: t('quotes.noMessages'),
              notSent: t('quotes.notSent'),
            }}
          />
        </section>
      </div>
    </section>
  );
}
