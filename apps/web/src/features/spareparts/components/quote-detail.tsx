import { useState } from 'react';
import { customerFollowUps, type Quote } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Table, type TableColumn } from '@portal/ui/table';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { useAddToCart } from '../api/set-cart-line';
import { sparePartsKeys } from '../api/spare-parts-keys';
import { ConversationChat } from '@/lib/conversation-chat';
import { DetailHeader } from '@/lib/detail-header';
import { openCartPanel } from '../lib/cart-panel';
import { usePartsFormat } from '../hooks/use-parts-format';
import { useTableLabels } from '@/lib/use-table-labels';
import { QuoteFigures } from './quote-figures';
import { QuoteOffer } from './quote-offer';
import { QuoteStatusLabel } from './quote-status';
import styles from './spare-parts.module.css';
import { useAbility } from '@/lib/ability';

type QuoteLine = Quote['lines'][number];

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
  const tableLabels = useTableLabels();
  const lineColumns: TableColumn<QuoteLine>[] = [
    {
      id: 'partNumber',
      header: t('part.partNumber'),
      accessor: (line) => line.partNumber,
      cell: (line) => <span className={styles.partNumber}>{line.partNumber}</span>,
    },
    {
      id: 'designation',
      header: t('part.designation'),
      // Written out in full, as the offer's PDF does: a cut designation names no part.
      accessor: (line) => line.designation,
    },
    {
      id: 'quantity',
      header: t('quotes.quantity'),
      align: 'end',
      accessor: (line) => f.count(line.quantity),
    },
    {
      id: 'unitPrice',
      header: t('quotes.unitPrice'),
      align: 'end',
      accessor: (line) => f.price(line.unitPriceCents),
    },
    {
      id: 'lineTotal',
      header: t('quotes.lineTotal'),
      align: 'end',
      accessor: (line) => f.price(line.lineTotalCents),
    },
  ];

  return (
    <section aria-labelledby="quote-title" className={styles.stack}>
      <DetailHeader
        titleId="quote-title"
        title={t('quotes.detailTitle', { number: quote.number })}
        subtitle={
          <>
            {t('quotes.summary', { date: f.date(quote.createdAt) })}{' '}
            <QuoteStatusLabel status={quote.status} />
          </>
        }
        backLabel={t('quotes.back')}
        onBack={onClose}
      />
      <div className={styles.quoteBody}>
        <div className={styles.stack}>
          <Table<QuoteLine>
            label={t('quotes.linesTitle')}
            isLabelVisible
            columns={lineColumns}
            rows={quote.lines}
            getRowId={(line) => line.partId}
            isPaginationDisabled
            labels={tableLabels}
            renderCard={(line) => (
              <div className={styles.cartLineText}>
                <strong className={styles.partNumber}>{line.partNumber}</strong>
                <span>{line.designation}</span>
                <span className={`${styles.muted} ${styles.small}`}>
                  {`${f.price(line.unitPriceCents)} × ${f.count(line.quantity)} = `}
                  <span className={styles.price}>{f.price(line.lineTotalCents)}</span>
                </span>
              </div>
            )}
          />
          <QuoteFigures quote={quote} />
          {quote.comment ? (
            <div>
              <h3 className={styles.sectionTitle}>{t('quotes.comment')}</h3>
              <p className={styles.preWrap}>{quote.comment}</p>
            </div>
          ) : null}
          <QuoteOffer quote={quote} />
          {canOrder && customerFollowUps('quote', quote.status).includes('orderAgain') ? (
            <OrderAgain quote={quote} />
          ) : null}
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
