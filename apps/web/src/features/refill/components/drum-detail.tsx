import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Collection, DrumSummary, QuantityGraph, RefillProposal } from '@portal/contract';
import { paths } from '@/config/paths';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { Button } from '@portal/ui/button';
import { DatePicker } from '@portal/ui/date-picker';
import { useDatePickerLabels } from '@/lib/kit-labels';
import { useQuantityGraph, type GraphRange } from '../api/get-quantity-graph';
import { toIsoDate } from '../lib/delivery-date';
import { useDateLocale } from '../hooks/use-date-locale';
import { useRefillFormat, type RefillFormat } from '../hooks/use-refill-format';
import { AddReadingForm } from './add-reading-form';
import { ExportMenu } from '@/lib/export-menu';
import { DrumRentFacts } from './drum-rent-facts';
import { ActiveAlertLabel, DrumStatusLabel, ProposedLabel } from './drum-status';
import { QuantityTable } from './quantity-table';
import { ProposalActions, ProposalSummary } from './proposed-refills';
import { ReadingFreshness } from './reading-freshness';
import { DetailHeader } from '@/lib/detail-header';
import { ErrorState, LoadingState } from '@/lib/load-states';
import styles from './refill.module.css';
import { useAbility } from '@/lib/ability';

const QuantityChart = lazy(() => import('./quantity-chart'));
// The release form (a calendar per slot) loads when opened.
const ReleaseDrumForm = lazy(() =>
  import('./release-drum-form').then((module) => ({ default: module.ReleaseDrumForm })),
);

/**
 * The calculator's remaining-length mode for this drum: its standard drum and its cable, which
 * the calculator fills in from its catalogue.
 */
export function drumCalculatorUrl(drum: DrumSummary): string {
  const params = new URLSearchParams({
    mode: 'remaining',
    drum: drum.drumType.code,
    cable: drum.product.reference,
  });
  return `${paths.calculator}?${params.toString()}`;
}

/**
 * The graph in one sentence, its text alternative with the readings table: where the length
 * went from and to, and when the drum should run out.
 */
function graphSummary(
  graph: QuantityGraph,
  drum: DrumSummary,
  f: RefillFormat,
  t: TFunction,
): string {
  const first = graph.points[0];
  const last = graph.points.at(-1);
  if (!first || !last) return t('graph.noPoints');
  const trend = t('graph.summary', {
    count: graph.points.length,
    first: f.metres(first.remainingM),
    firstDate: f.date(first.at),
    last: f.metres(last.remainingM),
    lastDate: f.date(last.at),
    threshold: f.metres(graph.thresholdM),
    critical: f.metres(graph.criticalM),
  });
  const runOut = drum.estimatedRunOutOn
    ? t('graph.runOut', { date: f.day(drum.estimatedRunOutOn) })
    : t('graph.noRunOut');
  return `${trend} ${runOut}`;
}

export interface DrumDetailProps {
  drum: DrumSummary;
  /** The refill the portal proposes for this drum, if any. */
  proposal?: RefillProposal;
  /** Opens the request form with this drum (a proposal without a known contact phone). */
  onReviewProposal?: (drumId: string) => void;
  onClose: () => void;
  /** The release form is open (named in the URL, so a card's action opens it directly). */
  isReleasing?: boolean;
  onReleasingChange?: (isReleasing: boolean) => void;
  /** The drum was released: the collection goes to the request history. */
  onReleased?: (collection: Collection) => void;
}

/**
 * The drum detail, in place of the overview (not a dialog: a graph, a table and a form read
 * better on the page at 320 px, and the kit's dialog over its table locked the browser). The
 * `drum` search parameter makes it shareable and reloadable; "Back" keeps the overview's filters.
 */
export function DrumDetail({
  drum,
  proposal,
  onReviewProposal,
  onClose,
  isReleasing = false,
  onReleasingChange,
  onReleased,
}: DrumDetailProps) {
  const canOrder = useAbility().can('order', 'refill');
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const dateLocale = useDateLocale();
  const datePickerLabels = useDatePickerLabels('refill');
  const [range, setRange] = useState<{ from?: Date; to?: Date } | null>(null);
  const [showTable, setShowTable] = useState(false);
  const graphRange: GraphRange = useMemo(
    () => ({
      from: range?.from ? toIsoDate(range.from) : undefined,
      to: range?.to ? toIsoDate(range.to) : undefined,
    }),
    [range],
  );
  const graph = useQuantityGraph(drum.id, graphRange);
  const chartLabels = useMemo(
    () => ({
      time: t('graph.time'),
      remaining: t('graph.remaining'),
      threshold: t('graph.threshold'),
      critical: t('graph.critical'),
      manual: t('graph.manualSeries'),
      sensor: t('graph.sensorSeries'),
    }),
    [t],
  );
  // The release form closed without sending: focus returns to the button that opened it.
  const wasReleasing = useRef(isReleasing);
  useEffect(() => {
    if (wasReleasing.current && !isReleasing) {
      document.querySelector<HTMLElement>(`[data-release-open="${CSS.escape(drum.id)}"]`)?.focus();
    }
    wasReleasing.current = isReleasing;
  }, [isReleasing, drum.id]);

  return (
    <article aria-labelledby="drum-detail-title" className={styles.stack}>
      <DetailHeader
        titleId="drum-detail-title"
        title={t('detail.title', { serial: drum.serial })}
        subtitle={`${drum.product.reference} · ${drum.site.name}, ${drum.site.city}`}
        backLabel={t('detail.back')}
        onBack={onClose}
        // The release form, when it opens with the detail, takes the focus instead.
        takesFocus={!isReleasing}
      />
      <p className={styles.flush}>
        <Link to={drumCalculatorUrl(drum)}>{t('detail.calculator')}</Link>
      </p>
      <div className={styles.stack}>
        <div className={styles.labels}>
          <DrumStatusLabel status={drum.status} />
          <ActiveAlertLabel level={drum.activeAlert} />
          {proposal ? <ProposedLabel /> : null}
        </div>
        {proposal ? (
          <section aria-labelledby="drum-proposal" className={styles.proposals}>
            <h3 id="drum-proposal" className={styles.sectionTitle}>
              {t('proposals.detail')}
            </h3>
            <ProposalSummary proposal={proposal} />
            <ProposalActions proposal={proposal} onReview={onReviewProposal ?? (() => undefined)} />
          </section>
        ) : null}
        <ReadingFreshness drum={drum} />
        <dl className={styles.facts}>
          <DrumRentFacts drum={drum} />
        </dl>
        <section aria-labelledby="qgraph-title" className={styles.stack}>
          <h3 id="qgraph-title" className={styles.sectionTitle}>
            {t('graph.title')}
          </h3>
          <DatePicker
            mode="range"
            label={t('graph.range')}
            value={range?.from ? { from: range.from, to: range.to } : null}
            onChange={(next) => setRange(next?.from ? { from: next.from, to: next.to } : null)}
            maxDate={new Date()}
            locale={dateLocale}
            labels={datePickerLabels}
          />
          <ExportMenu
            path={`/api/exports/drums/${drum.id}/readings`}
            filters={
              new URLSearchParams(
                Object.entries(graphRange).filter((entry): entry is [string, string] =>
                  Boolean(entry[1]),
                ),
              )
            }
          />
          {graph.isPending ? (
            <LoadingState />
          ) : graph.isError || !graph.data ? (
            <ErrorState error={graph.error} onRetry={() => void graph.refetch()} />
          ) : graph.data.points.length === 0 ? (
            <p className={styles.empty}>{t('graph.noPoints')}</p>
          ) : (
            <figure className={styles.figureBlock} aria-busy={graph.isFetching}>
              <Suspense fallback={<LoadingState />}>
                <QuantityChart
                  graph={graph.data}
                  labels={chartLabels}
                  formatMetres={f.metres}
                  formatDate={f.date}
                  label={t('graph.title')}
                  describedBy="qgraph-summary qgraph-table"
                />
              </Suspense>
              <figcaption id="qgraph-summary">{graphSummary(graph.data, drum, f, t)}</figcaption>
              <Button
                variant="outlined"
                aria-expanded={showTable}
                aria-controls="qgraph-table"
                onPress={() => setShowTable((shown) => !shown)}
              >
                {showTable ? t('graph.hideTable') : t('graph.showTable')}
              </Button>
              <div id="qgraph-table" hidden={!showTable} className={styles.tableBox}>
                <QuantityTable
                  graph={graph.data}
                  caption={t('graph.tableCaption', { serial: drum.serial })}
                />
              </div>
            </figure>
          )}
        </section>
        {canOrder ? <AddReadingForm drum={drum} /> : null}
        {canOrder && onReleasingChange ? (
          isReleasing ? (
            <Suspense fallback={<LoadingState />}>
              <ReleaseDrumForm
                drum={drum}
                onSent={(collection) => onReleased?.(collection)}
                onCancel={() => onReleasingChange(false)}
              />
            </Suspense>
          ) : (
            <div>
              <Button
                variant="outlined"
                onPress={() => onReleasingChange(true)}
                data-release-open={drum.id}
              >
                {t('collection.release')}
              </Button>
            </div>
          )
        ) : null}
      </div>
    </article>
  );
}
