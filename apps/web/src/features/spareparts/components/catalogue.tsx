import { Suspense, lazy, useDeferredValue, useEffect } from 'react';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@portal/ui/button';
import { Spinner } from '@portal/ui/spinner';
import { belowQuery, useMediaQuery } from '@/lib/use-media-query';
import { useSpareParts } from '../api/get-spare-parts';
import { useCatalogueParams } from '../hooks/use-catalogue-params';
import { usePartsFormat } from '../hooks/use-parts-format';
import { hasSearchOrFilters, toListQuery } from '../lib/catalogue-params';
import { CatalogueFilters } from './catalogue-filters';
import { SortSelect } from './sort-select';
import { ErrorState, LoadingState } from '@/lib/load-states';
import styles from './spare-parts.module.css';

// The table (TanStack Table and Virtual in the kit) is its own chunk, fetched while the first
// page of parts is: the screen's frame and filters paint without waiting for it.
const loadPartsTable = () => import('./parts-table');
const PartsTable = lazy(() => loadPartsTable().then((module) => ({ default: module.PartsTable })));

/**
 * The catalogue: search, filters, sort and page from the URL, one page of parts from the
 * server. The previous page stays shown (marked busy) while the next loads, so nothing flashes.
 */
export function Catalogue({ onOpenPart }: { onOpenPart: (partId: string) => void }) {
  const { t } = useTranslation('spareparts');
  const f = usePartsFormat();
  const { state, change } = useCatalogueParams();
  useEffect(() => {
    void loadPartsTable();
  }, []);
  const isPhone = useMediaQuery(belowQuery('tablet'));
  const query = useSpareParts(toListQuery(state, f.language));
  const data = query.data;
  // The table renders from deferred copies: a new answer (or a new sort or page) is rendered in
  // the background, in slices, so typing and scrolling stay responsive while 100 rows are built.
  const tableData = useDeferredValue(data);
  const tableState = useDeferredValue(state);
  const isUpdating = query.isPlaceholderData || tableData !== data || tableState !== state;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / state.pageSize)) : 1;
  // Past the count cap there are more pages than the count says: no page is "beyond" then.
  const isBeyondLastPage = Boolean(
    data && !query.isPlaceholderData && !data.totalCapped && state.page > lastPage,
  );

  // A stale link or a shrunk result may name a page past the end: show the last one instead.
  useEffect(() => {
    if (isBeyondLastPage) change({ page: lastPage }, { replace: true });
  }, [isBeyondLastPage, lastPage, change]);

  const isFiltered = hasSearchOrFilters(state);
  let content;
  if (query.isPending) {
    content = <LoadingState />;
  } else if (query.isError) {
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.total === 0 && !query.isPlaceholderData) {
    content = isFiltered ? (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{t('catalogue.noResultTitle')}</p>
        <p>{t('catalogue.noResult')}</p>
        <Button
          variant="outlined"
          onPress={() => change({ search: '', category: null, equipment: null })}
        >
          {t('filters.reset')}
        </Button>
      </div>
    ) : (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>{t('catalogue.noDataTitle')}</p>
        <p>{t('catalogue.noData')}</p>
      </div>
    );
  } else {
    const shown = tableData ?? query.data;
    content = (
      <div
        className={styles.updating}
        data-updating={isUpdating || undefined}
        aria-busy={isUpdating}
      >
        <Suspense fallback={<LoadingState />}>
          <PartsTable
            parts={shown.items}
            total={shown.total}
            isTotalCapped={shown.totalCapped}
            state={tableState}
            onChange={change}
            onOpenPart={onOpenPart}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      <CatalogueFilters state={state} language={f.language} onChange={change} />
      {isPhone ? <SortSelect value={state.sort} onChange={(sort) => change({ sort })} /> : null}
      <div className={styles.toolbar}>
        {/* A polite live region: a new count is read once a search or filter is answered. */}
        <p role="status" className={styles.resultCount}>
          {data
            ? t(data.totalCapped ? 'catalogue.foundMore' : 'catalogue.found', {
                total: f.count(data.total),
              })
            : null}
        </p>
        <ExportMenu
          path="/api/exports/spareparts"
          filters={
            new URLSearchParams(
              Object.entries(toListQuery(state, f.language))
                .filter(([key]) => key !== 'page' && key !== 'pageSize')
                .map(([key, value]) => [key, String(value)]),
            )
          }
        />
        {isUpdating ? (
          <span className={styles.updatingNote}>
            <Spinner size="small" />
            {t('catalogue.updating')}
          </span>
        ) : null}
        {isFiltered && data && data.total > 0 ? (
          <Button
            variant="text"
            onPress={() => change({ search: '', category: null, equipment: null })}
          >
            {t('filters.reset')}
          </Button>
        ) : null}
      </div>
      {content}
    </div>
  );
}
