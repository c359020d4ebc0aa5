import {
  Suspense,
  lazy,
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { drumStatuses, type DrumSummary } from '@portal/contract';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { FocusKeeper } from '@portal/ui/focus-keeper';
import { useAbility } from '@/lib/ability';
import { PrintLabelsButton } from '@/lib/drum-labels/print-labels-button';
import type { LabelDrum } from '@/lib/drum-labels/label-selection';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { useDrums } from '../api/get-drums';
import {
  countByStatus,
  filterDrums,
  parseDrumFilters,
  sortDrums,
  writeDrumFilters,
  type DrumFilters,
} from '../lib/drum-filters';
import { useRefillFormat } from '../hooks/use-refill-format';
import { DrumCard } from './drum-card';
import { DrumFiltersBar } from './drum-filters-bar';
import { DrumSortSelect } from './drum-sort-select';
import { SiteRentTotals } from './site-rent-totals';
import { ErrorState, LoadingState } from '@/lib/load-states';
import { statusTone } from './drum-status';
import styles from './refill.module.css';

/**
 * Cards rendered at once, before the rest of the list: about what the screen shows (cards are at
 * least 300 px wide and about 220 px tall), so a phone renders 4, not the 12 a desktop shows.
 * The screen's size, not the window's: on a phone, reading the window's size lays the whole page
 * out first, tens of milliseconds inside the render.
 */
function firstCardCount(): number {
  const columns = Math.max(1, Math.floor(window.screen.width / 300));
  const rows = Math.ceil(window.screen.height / 220);
  return Math.min(12, Math.max(4, columns * rows));
}

/** Cards each background render adds after the first ones: committing them stays a short task. */
const CARDS_PER_RENDER = 6;

/**
 * How many of `total` cards are drawn: `first` at once, then a few more in each background
 * render until all are, so that no commit adds a long list in one task of the main thread.
 */
function useDrawnCount(total: number, first: number): number {
  const [drawn, setDrawn] = useState(first);
  useEffect(() => {
    if (drawn < total) startTransition(() => setDrawn(drawn + CARDS_PER_RENDER));
  }, [drawn, total]);
  return drawn;
}

// The table view (TanStack Table and Virtual) loads when chosen; the cards are the default view.
const DrumTable = lazy(() =>
  import('./drum-table').then((module) => ({ default: module.DrumTable })),
);

export interface DrumOverviewProps {
  selectedIds: string[];
  onSelectionChange: (ids: string[]) => void;
  onOpenDrum: (drumId: string) => void;
  /**
   * Starts a request for the selected drums; absent for a user who may not order, who then
   * neither selects drums nor sees the button.
   */
  onRequestRefill?: ((drumIds: string[]) => void) | undefined;
  /** Opens a drum's release form; absent for a user who may not order. */
  onReleaseDrum?: ((drumId: string) => void) | undefined;
  /** The drums the portal proposes a refill of: their cards wear a badge. */
  proposedDrumIds?: ReadonlySet<string>;
  /** A drum whose "details" button takes the focus once drawn (back from its detail). */
  focusDrumId?: string | null;
  onDrumFocused?: () => void;
}

const noDrums: ReadonlySet<string> = new Set();
const noCards: DrumSummary[] = [];

/** A drum of the list as its label's choice names it. */
const labelDrumOf = (drum: DrumSummary): LabelDrum => ({
  id: drum.id,
  serial: drum.serial,
  siteId: drum.site.id,
  siteName: drum.site.name,
  reference: drum.product.reference,
});

/** Summary by status, filters kept in the URL, and the drums as cards or as a table. */
export function DrumOverview({
  selectedIds,
  onSelectionChange,
  onOpenDrum,
  onRequestRefill,
  onReleaseDrum,
  proposedDrumIds = noDrums,
  focusDrumId = null,
  onDrumFocused,
}: DrumOverviewProps) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  // Labels are an account admin's to print (the server refuses them to anyone else).
  const canPrintLabels = useAbility().can('print', 'labels');
  const [params, setParams] = useSearchParams();
  // The same filters, hence the same list, until the URL changes. A new list draws its cards over
  // from the first ones: were each render a new list, selecting a drum would take the cards past
  // the first ones out of the page for a moment, and the focus with them.
  const filters = useMemo(() => parseDrumFilters(params), [params]);
  // The page reads the drums as it opens; the overview, drawn once the proposals are in too,
  // takes that answer as it is: reading them again would draw every card a second time.
  const query = useDrums({ refetchOnMount: false });
  // The answer comes as an urgent update (the query's store), which would draw the whole
  // overview in one task; deferred, React draws it in a background render cut into slices. The
  // same when the overview is first drawn with the answer already in (it starts from none).
  const drums = useDeferredValue(query.data?.drums ?? null, null);
  const visible = useMemo(
    () => (drums ? sortDrums(filterDrums(drums, filters), filters.sort) : []),
    [drums, filters],
  );
  // One toggle for every card from render to render, reading the selection as it is when called:
  // a card is drawn again when its own selection changes, not when another's does.
  const selection = useRef({ selectedIds, onSelectionChange });
  useLayoutEffect(() => {
    selection.current = { selectedIds, onSelectionChange };
  });
  const labelDrums = useMemo(() => (drums ?? noCards).map(labelDrumOf), [drums]);
  const toggle = useCallback((drum: DrumSummary, isChecked: boolean) => {
    const { selectedIds: ids, onSelectionChange: change } = selection.current;
    change(isChecked ? [...ids, drum.id] : ids.filter((id) => id !== drum.id));
  }, []);

  if (query.isPending || (query.isSuccess && drums === null)) return <LoadingState />;
  if (query.isError || !drums)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (drums.length === 0) {
    return (
      <div className={styles.empty} role="status">
        <p className={styles.emptyTitle}>{t('overview.noDrumsTitle')}</p>
        <p>{t('overview.noDrums')}</p>
      </div>
    );
  }

  // Replace, not push: moving a slider should not fill the history with one entry per step.
  const setFilters = (next: DrumFilters) =>
    setParams((current) => writeDrumFilters(current, next), { replace: true });
  const counts = countByStatus(drums);
  const activeAlerts = drums.filter((drum) => drum.activeAlert !== null).length;

  return (
    <div className={styles.stack}>
      <section aria-labelledby="refill-summary" className={styles.summary}>
        <h2 id="refill-summary" className={styles.visuallyHidden}>
          {t('overview.summary')}
        </h2>
        <ul className={styles.summaryList}>
          {drumStatuses.map((status) => (
            <li key={status} className={styles.summaryItem} data-tone={statusTone[status]}>
              <span className={styles.summaryCount}>{f.count(counts[status])}</span>
              <span>{t(`status.${status}`)}</span>
            </li>
          ))}
          <li className={styles.summaryItem}>
            <span className={styles.summaryCount}>
              <Badge
                value={activeAlerts}
                showZero
                tone={activeAlerts ? 'destructive' : 'neutral'}
                label={t('overview.activeAlerts', { count: activeAlerts })}
              />
            </span>
            <span aria-hidden="true">{t('overview.activeAlertsShort')}</span>
          </li>
        </ul>
      </section>

      <DrumFiltersBar drums={drums} filters={filters} onChange={setFilters} />

      <div className={styles.toolbar}>
        <p role="status" className={styles.resultCount}>
          {t('overview.shown', { count: visible.length, total: drums.length })}
        </p>
        <DrumSortSelect
          value={filters.sort}
          onChange={(sort) => setFilters({ ...filters, sort })}
        />
        <div role="group" aria-label={t('overview.view')} className={styles.viewToggle}>
          <Button
            variant={filters.view === 'cards' ? 'contained' : 'outlined'}
            aria-pressed={filters.view === 'cards'}
            onPress={() => setFilters({ ...filters, view: 'cards' })}
          >
            {t('overview.cards')}
          </Button>
          <Button
            variant={filters.view === 'table' ? 'contained' : 'outlined'}
            aria-pressed={filters.view === 'table'}
            onPress={() => setFilters({ ...filters, view: 'table' })}
          >
            {t('overview.table')}
          </Button>
        </div>
        <ExportMenu
          path="/api/exports/drums"
          filters={writeDrumFilters(new URLSearchParams(), {
            ...filters,
            view: 'cards',
            sort: 'urgency',
          })}
        />
        {canPrintLabels ? (
          <PrintLabelsButton
            label={t('overview.printLabels')}
            drums={labelDrums}
            path="/api/documents/drum-labels"
            selectedIds={selectedIds}
          />
        ) : null}
        {onRequestRefill ? (
          <Button
            isDisabled={selectedIds.length === 0}
            onPress={() => onRequestRefill(selectedIds)}
          >
            {t('overview.requestSelected', { count: selectedIds.length })}
          </Button>
        ) : null}
      </div>

      {visible.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('overview.noMatch')}</p>
        </div>
      ) : filters.view === 'table' ? (
        <Suspense fallback={<LoadingState />}>
          <DrumTable
            drums={visible}
            selectedIds={selectedIds}
            onSelectionChange={onRequestRefill ? onSelectionChange : undefined}
            onOpen={(drum) => onOpenDrum(drum.id)}
            onRelease={onReleaseDrum ? (drum) => onReleaseDrum(drum.id) : undefined}
          />
        </Suspense>
      ) : (
        <DrumCardList
          drums={visible}
          selectedIds={selectedIds}
          proposedDrumIds={proposedDrumIds}
          onToggle={onRequestRefill ? toggle : undefined}
          onOpenDrum={onOpenDrum}
          onReleaseDrum={onReleaseDrum}
          focusDrumId={focusDrumId}
          onDrumFocused={onDrumFocused}
        />
      )}
      <SiteRentTotals drums={visible} />
    </div>
  );
}

interface DrumCardListProps {
  drums: DrumSummary[];
  selectedIds: string[];
  proposedDrumIds: ReadonlySet<string>;
  onToggle?: ((drum: DrumSummary, isChecked: boolean) => void) | undefined;
  onOpenDrum: (drumId: string) => void;
  onReleaseDrum?: ((drumId: string) => void) | undefined;
  focusDrumId: string | null;
  onDrumFocused?: (() => void) | undefined;
}

/**
 * The drums as cards. The first ones render at once, enough to fill the screen (and push the
 * footer below it); the rest follow a few at a time in background renders, so a long list never
 * blocks the page (total blocking time) nor moves what is already in view. A new filter starts
 * over the same way: its first cards at once, the rest in a background render. Each of those
 * renders draws its new cards only: the count lives here, not in the overview around, and a card
 * drawn before is not drawn again while its drum, its selection and its badge stay the same.
 */
function DrumCardList({
  drums,
  selectedIds,
  proposedDrumIds,
  onToggle,
  onOpenDrum,
  onReleaseDrum,
  focusDrumId,
  onDrumFocused,
}: DrumCardListProps) {
  const { t } = useTranslation('refill');
  const settled = useDeferredValue(drums, noCards);
  const first = firstCardCount();
  const drawn = useDrawnCount(drums.length, first);
  const cards = drums.slice(0, settled === drums ? drawn : first);
  useEffect(() => {
    if (!focusDrumId) return;
    const opener = document.querySelector<HTMLElement>(
      `[data-drum-open="${CSS.escape(focusDrumId)}"]`,
    );
    if (!opener) return;
    opener.focus();
    onDrumFocused?.();
  }, [focusDrumId, onDrumFocused, cards]);
  // A new list (read again after a change) starts over from its first cards: a focused card
  // past them leaves the page for a moment, and takes the focus back when it is drawn again.
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <FocusKeeper containerRef={listRef}>
      <ul ref={listRef} className={styles.cardGrid} aria-label={t('overview.cardsLabel')}>
        {cards.map((drum) => (
          <li key={drum.id} data-focus-key={drum.id}>
            <DrumCardItem
              drum={drum}
              isChecked={selectedIds.includes(drum.id)}
              isProposed={proposedDrumIds.has(drum.id)}
              onToggle={onToggle}
              onOpenDrum={onOpenDrum}
              onReleaseDrum={onReleaseDrum}
            />
          </li>
        ))}
      </ul>
    </FocusKeeper>
  );
}

interface DrumCardItemProps {
  drum: DrumSummary;
  isChecked: boolean;
  isProposed: boolean;
  onToggle?: ((drum: DrumSummary, isChecked: boolean) => void) | undefined;
  onOpenDrum: (drumId: string) => void;
  onReleaseDrum?: ((drumId: string) => void) | undefined;
}

/** A card of the list, drawn again only when one of its props changes. */
const DrumCardItem = memo(function DrumCardItem({
  drum,
  isChecked,
  isProposed,
  onToggle,
  onOpenDrum,
  onReleaseDrum,
}: DrumCardItemProps) {
  return (
    <DrumCard
      drum={drum}
      isChecked={isChecked}
      onCheckedChange={onToggle ? (checked) => onToggle(drum, checked) : undefined}
      onOpen={() => onOpenDrum(drum.id)}
      onRelease={onReleaseDrum ? () => onReleaseDrum(drum.id) : undefined}
      isProposed={isProposed}
    />
  );
});
