import type { DrumSummary } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Progress } from '@portal/ui/progress';
import { Table, type TableColumn } from '@portal/ui/table';
import { useTranslation } from '@/lib/i18n';
import { useTableLabels } from '@/lib/use-table-labels';
import { useRefillFormat } from '../hooks/use-refill-format';
import { ActiveAlertLabel, DrumStatusLabel, statusTone } from './drum-status';
import { rentSummary } from './drum-rent-facts';
import { LastReadingCell } from './reading-freshness';
import styles from './refill.module.css';

export interface DrumTableProps {
  drums: DrumSummary[];
  selectedIds: string[];
  /** Selects drums for a request; absent for a user who may not order. */
  onSelectionChange?: ((ids: string[]) => void) | undefined;
  onOpen: (drum: DrumSummary) => void;
  /** Opens a drum's release form; absent for a user who may not order. */
  onRelease?: ((drum: DrumSummary) => void) | undefined;
}

/** The table view: sortable on every figure, 25 rows a page. */
export function DrumTable({
  drums,
  selectedIds,
  onSelectionChange,
  onOpen,
  onRelease,
}: DrumTableProps) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const labels = useTableLabels();
  const columns: TableColumn<DrumSummary>[] = [
    {
      id: 'serial',
      header: t('drum.serial'),
      accessor: (drum) => drum.serial,
      isSortable: true,
      cell: (drum) => (
        <Button
          variant="text"
          onPress={() => onOpen(drum)}
          data-drum-open={drum.id}
          aria-label={t('overview.openDrum', { serial: drum.serial })}
        >
          {drum.serial}
        </Button>
      ),
    },
    {
      id: 'site',
      header: t('drum.site'),
      accessor: (drum) => drum.site.name,
      isSortable: true,
      // A site is what a person picks a drum by: shown whole, on two lines if it must.
      wrapsWords: true,
    },
    {
      id: 'product',
      header: t('drum.product'),
      accessor: (drum) => drum.product.reference,
      isSortable: true,
      // Whole too; the reference is one token, its family and section wrap after it.
      wrapsWords: true,
      cell: (drum) => (
        <>
          <span className={styles.token}>{drum.product.reference}</span>
          <span className={styles.muted}>
            {` ${t('drum.familySection', { family: drum.product.family, section: f.count(drum.product.crossSectionMm2) })}`}
          </span>
        </>
      ),
    },
    {
      id: 'initial',
      header: t('drum.initial'),
      accessor: (drum) => drum.initialLengthM,
      isSortable: true,
      align: 'end',
      cell: (drum) => f.metres(drum.initialLengthM),
    },
    {
      id: 'remaining',
      header: t('drum.remaining'),
      accessor: (drum) => drum.remainingPct,
      isSortable: true,
      cell: (drum) => (
        <div className={styles.tableProgress}>
          <span>{`${f.metres(drum.remainingM)} · ${f.percent(drum.remainingPct)}`}</span>
          <Progress
            label={t('drum.remainingOfSerial', { serial: drum.serial })}
            value={drum.remainingPct}
            tone={statusTone[drum.status]}
          />
        </div>
      ),
    },
    {
      id: 'lastReading',
      header: t('drum.lastReading'),
      accessor: (drum) => drum.lastReadingAt,
      isSortable: true,
      wrapsWords: true,
      cell: (drum) => <LastReadingCell drum={drum} />,
    },
    {
      id: 'consumption',
      header: t('drum.consumption'),
      accessor: (drum) => drum.averageDailyConsumptionM,
      isSortable: true,
      align: 'end',
      wrapsWords: true,
      cell: (drum) =>
        drum.averageDailyConsumptionM === null
          ? t('drum.none')
          : t('drum.perDay', { value: f.metres(drum.averageDailyConsumptionM) }),
    },
    {
      id: 'runOut',
      header: t('drum.runOut'),
      accessor: (drum) => drum.estimatedRunOutOn,
      isSortable: true,
      wrapsWords: true,
      cell: (drum) => (drum.estimatedRunOutOn ? f.day(drum.estimatedRunOutOn) : t('drum.notInUse')),
    },
    {
      id: 'rent',
      header: t('rent.rent'),
      accessor: (drum) => drum.rent.rentAccrued - drum.rent.rentFreeDaysLeft,
      isSortable: true,
      align: 'end',
      cell: (drum) => rentSummary(drum, t, f),
    },
    {
      id: 'status',
      header: t('drum.status'),
      accessor: (drum) => drum.status,
      isSortable: true,
      wrapsWords: true,
      cell: (drum) => (
        <span className={styles.labels}>
          <DrumStatusLabel status={drum.status} />
          <ActiveAlertLabel level={drum.activeAlert} />
        </span>
      ),
    },
    ...(onRelease
      ? [
          {
            id: 'release',
            header: t('collection.actions'),
            wrapsWords: true,
            cell: (drum: DrumSummary) => (
              <Button
                variant="text"
                onPress={() => onRelease(drum)}
                aria-label={t('collection.releaseDrum', { serial: drum.serial })}
              >
                {t('collection.release')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<DrumSummary>
      label={t('overview.tableLabel')}
      columns={columns}
      rows={drums}
      getRowId={(drum) => drum.id}
      getRowLabel={(drum) => drum.serial}
      selectionMode={onSelectionChange ? 'multiple' : 'none'}
      selectedKeys={selectedIds}
      onSelectionChange={onSelectionChange}
      labels={labels}
    />
  );
}
