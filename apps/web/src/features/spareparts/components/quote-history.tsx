import { Suspense, lazy, useEffect, useRef } from 'react';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import type { Quote } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Table, type TableColumn } from '@portal/ui/table';
import { belowQuery, useMediaQuery } from '@/lib/use-media-query';
import { useQuotes } from '../api/get-quotes';
import { useTableLabels } from '@/lib/use-table-labels';
import { usePartsFormat } from '../hooks/use-parts-format';
import { QuoteStatusLabel } from './quote-status';
import { ErrorState, LoadingState } from '@/lib/load-states';
import styles from './spare-parts.module.css';

// The conversation (the kit's chat) loads when a quote is opened.
const QuoteDetail = lazy(() =>
  import('./quote-detail').then((module) => ({ default: module.QuoteDetail })),
);

export interface QuoteHistoryProps {
  /** The quote in the URL (`?quote=`), shown in place of the list. */
  quoteId: string | null;
  onOpenQuote: (quoteId: string | null) => void;
  onBrowse: () => void;
}

/** The account's quote requests with their status; each opens its lines and conversation. */
export function QuoteHistory({ quoteId, onOpenQuote, onBrowse }: QuoteHistoryProps) {
  const { t } = useTranslation('spareparts');
  const f = usePartsFormat();
  // "3 lines · 5 items": each count with its own plural.
  const linesValue = (quote: Quote) => {
    const items = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
    return t('quotes.linesValue', {
      lines: t('quotes.lineCount', {
        count: quote.lines.length,
        formatted: f.count(quote.lines.length),
      }),
      items: t('quotes.itemCount', { count: items, formatted: f.count(items) }),
    });
  };
  const labels = useTableLabels();
  const query = useQuotes(f.language);
  const isPhone = useMediaQuery(belowQuery('tablet'));

  // Back from a quote, focus returns to the button that opened it.
  const lastQuoteId = useRef<string | null>(quoteId);
  useEffect(() => {
    const previous = lastQuoteId.current;
    lastQuoteId.current = quoteId;
    if (previous && !quoteId) {
      const openers = [
        ...document.querySelectorAll<HTMLElement>(`[data-quote-open="${CSS.escape(previous)}"]`),
      ];
      (openers.find((opener) => opener.getClientRects().length > 0) ?? openers[0])?.focus();
    }
  }, [quoteId]);

  // A quote in the URL that is older than the pages read so far: read on until it is found.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const isLookingFurther =
    Boolean(quoteId) && hasNextPage && !query.data?.some((quote) => quote.id === quoteId);
  useEffect(() => {
    if (isLookingFurther && !isFetchingNextPage) void fetchNextPage();
  }, [isLookingFurther, isFetchingNextPage, fetchNextPage]);

  if (query.isPending || isLookingFurther) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const quotes = query.data;

  if (quoteId) {
    const quote = quotes.find((candidate) => candidate.id === quoteId);
    if (!quote) {
      return (
        <div className={styles.empty} role="alert">
          <p>{t('quotes.notFound')}</p>
          <Button variant="outlined" onPress={() => onOpenQuote(null)}>
            {t('quotes.back')}
          </Button>
        </div>
      );
    }
    return (
      <Suspense fallback={<LoadingState />}>
        <QuoteDetail quote={quote} onClose={() => onOpenQuote(null)} />
      </Suspense>
    );
  }

  if (quotes.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{t('quotes.empty')}</p>
        <Button variant="outlined" onPress={onBrowse}>
          {t('cart.browse')}
        </Button>
      </div>
    );
  }

  const columns: TableColumn<Quote>[] = [
    {
      id: 'number',
      header: t('quotes.number'),
      accessor: (quote) => quote.number,
      isSortable: true,
      cell: (quote) => <span className={styles.partNumber}>{quote.number}</span>,
    },
    {
      id: 'createdAt',
      header: t('quotes.date'),
      accessor: (quote) => quote.createdAt,
      isSortable: true,
      cell: (quote) => f.date(quote.createdAt),
    },
    {
      id: 'status',
      header: t('quotes.status'),
      accessor: (quote) => quote.status,
      isSortable: true,
      cell: (quote) => <QuoteStatusLabel status={quote.status} />,
    },
    {
      id: 'lines',
      header: t('quotes.lines'),
      accessor: (quote) => quote.lines.length,
      cell: (quote) => linesValue(quote),
    },
    {
      id: 'net',
      header: t('quotes.net'),
      accessor: (quote) => quote.figures.netCents,
      isSortable: true,
      align: 'end',
      cell: (quote) => <span className={styles.price}>{f.price(quote.figures.netCents)}</span>,
    },
    {
      id: 'total',
      header: t('quotes.totalWithTax'),
      accessor: (quote) => quote.figures.totalCents,
      isSortable: true,
      align: 'end',
      cell: (quote) => <span className={styles.price}>{f.price(quote.figures.totalCents)}</span>,
    },
    {
      id: 'open',
      header: t('quotes.conversation'),
      cell: (quote) => (
        <Button
          variant="outlined"
          data-quote-open={quote.id}
          aria-label={t('quotes.openLabel', { number: quote.number })}
          onPress={() => onOpenQuote(quote.id)}
        >
          {t('quotes.open')}
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.cardsBelowTablet}>
      <div>
        <ExportMenu path="/api/exports/quotes" />
      </div>
      <Table<Quote>
        label={t('quotes.title')}
        columns={columns}
        rows={quotes}
        getRowId={(quote) => quote.id}
        getRowLabel={(quote) => quote.number}
        defaultSort={{ columnId: 'createdAt', direction: 'descending' }}
        renderCard={
          isPhone
            ? (quote) => (
                <div className={styles.card}>
                  <div className={styles.cardHeader}>
                    <strong className={styles.partNumber}>{quote.number}</strong>
                    <QuoteStatusLabel status={quote.status} />
                  </div>
                  <dl className={styles.cardFacts}>
                    <dt>{t('quotes.date')}</dt>
                    <dd>{f.date(quote.createdAt)}</dd>
                    <dt>{t('quotes.lines')}</dt>
                    <dd>{linesValue(quote)}</dd>
                    <dt>{t('quotes.net')}</dt>
                    <dd className={styles.price}>{f.price(quote.figures.netCents)}</dd>
                    <dt>{t('quotes.totalWithTax')}</dt>
                    <dd className={styles.price}>{f.price(quote.figures.totalCents)}</dd>
                  </dl>
                  <div className={styles.cardActions}>
                    <Button
                      variant="outlined"
                      data-quote-open={quote.id}
                      aria-label={t('quotes.openLabel', { number: quote.number })}
                      onPress={() => onOpenQuote(quote.id)}
                    >
                      {t('quotes.open')}
                    </Button>
                  </div>
                </div>
              )
            : undefined
        }
        labels={labels}
      />
      {hasNextPage && (
        <Button
          variant="outlined"
          isPending={isFetchingNextPage}
          onPress={() => void fetchNextPage()}
        >
          {t('quotes.showOlder')}
        </Button>
      )}
    </div>
  );
}
