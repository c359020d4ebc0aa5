import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrumSummary } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { DatePicker } from '@portal/ui/date-picker';
import { Dialog } from '@portal/ui/dialog';
import { useQuantityGraph, type GraphRange } from '../api/get-quantity-graph';
import { toIsoDate } from '../lib/delivery-date';
import { useRefillFormat } from '../hooks/use-refill-format';
import { useDatePickerLabels } from '../hooks/use-kit-labels';
import { AddReadingForm } from './add-reading-form';
import { ActiveAlertLabel, DrumStatusLabel } from './drum-status';
import { QuantityTable } from './quantity-table';
import { ErrorState, LoadingState } from './states';
import styles from './refill.module.css';

const QuantityChart = lazy(() => import('./quantity-chart'));

export interface DrumDetailProps {
  drum: DrumSummary;
  onClose: () => void;
}

/**
 * The drum detail, as a dialog over the overview: the user keeps their filters and scroll
 * position behind it, and the `drum` search parameter still makes it shareable and reloadable.
 */
export function DrumDetail({ drum, onClose }: DrumDetailProps) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const datePickerLabels = useDatePickerLabels();
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
      remaining: t('graph.remaining'),
      threshold: t('graph.threshold'),
      critical: t('graph.critical'),
    }),
    [t],
  );
  const lastPoint = graph.data?.points.at(-1);

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('detail.title', { serial: drum.serial })}
      description={`${drum.product.reference} · ${drum.site.name}, ${drum.site.city}`}
      closeLabel={t('detail.close')}
      width={960}
    >
      <div className={styles.stack}>
        <div className={styles.labels}>
          <DrumStatusLabel status={drum.status} />
          <ActiveAlertLabel level={drum.activeAlert} />
        </div>
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
            locale={f.dateLocale}
            labels={datePickerLabels}
          />
          {graph.isPending ? (
            <LoadingState />
          ) : graph.isError || !graph.data ? (
            <ErrorState onRetry={() => void graph.refetch()} />
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
                />
              </Suspense>
              <figcaption>
                {t('graph.summary', {
                  count: graph.data.points.length,
                  last: lastPoint ? f.metres(lastPoint.remainingM) : '',
                  threshold: f.metres(graph.data.thresholdM),
                  critical: f.metres(graph.data.criticalM),
                })}
              </figcaption>
              <Button
                variant="outlined"
                aria-expanded={showTable}
                aria-controls="qgraph-table"
                onPress={() => setShowTable((shown) => !shown)}
              >
                {showTable ? t('graph.hideTable') : t('graph.showTable')}
              </Button>
              <div id="qgraph-table" hidden={!showTable}>
                <QuantityTable
                  graph={graph.data}
                  caption={t('graph.tableCaption', { serial: drum.serial })}
                />
              </div>
            </figure>
          )}
        </section>
        <AddReadingForm drum={drum} />
      </div>
    </Dialog>
  );
}
