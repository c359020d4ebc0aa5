import type { QuantityGraph } from '@portal/contract';
import { Table, type TableColumn } from '@portal/ui/table';
import { useTranslation } from '@/lib/i18n';
import { useTableLabels } from '@/lib/use-table-labels';
import { useRefillFormat } from '../hooks/use-refill-format';
import { ReadingSourceLabel, batteryText, signalText } from './reading-freshness';

type Point = QuantityGraph['points'][number];

/**
 * The graph's text alternative: every reading, manual or sensor, whether it was under a
 * threshold, and the battery and signal a sensor sent with it.
 */
export function QuantityTable({ graph, caption }: { graph: QuantityGraph; caption: string }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const labels = useTableLabels();
  const level = (point: Point) =>
    point.remainingM <= graph.criticalM
      ? t('status.critical')
      : point.remainingM <= graph.thresholdM
        ? t('status.low')
        : t('status.ok');
  const columns: TableColumn<Point>[] = [
    { id: 'at', header: t('graph.date'), accessor: (point) => f.dateTime(point.at) },
    {
      id: 'remaining',
      header: t('graph.remaining'),
      accessor: (point) => point.remainingM,
      align: 'end',
      cell: (point) => f.metres(point.remainingM),
    },
    { id: 'level', header: t('graph.level'), accessor: level },
    {
      id: 'source',
      header: t('graph.source'),
      cell: (point) => <ReadingSourceLabel source={point.source} isShort />,
    },
    {
      id: 'battery',
      header: t('freshness.battery'),
      align: 'end',
      cell: (point) =>
        point.source === 'sensor' ? batteryText(point.battery, f, t('freshness.unknown')) : '',
    },
    {
      id: 'signal',
      header: t('freshness.signal'),
      align: 'end',
      cell: (point) => (point.source === 'sensor' ? signalText(point.signal, f, t) : ''),
    },
  ];
  return (
    <Table<Point>
      label={caption}
      isLabelVisible
      columns={columns}
      rows={graph.points}
      getRowId={(point) => `${point.at}-${point.source}`}
      isPaginationDisabled
      labels={labels}
    />
  );
}
