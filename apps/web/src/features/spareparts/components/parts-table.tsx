import { memo, useMemo } from 'react';
import { PART_QUANTITY_MAX, sparePartPageSizes, type SparePartSummary } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { PlusIcon } from '@portal/ui/icons';
import { NumberInput } from '@portal/ui/number-input';
import { Table, type TableColumn } from '@portal/ui/table';
import { type TFunction, useTranslation } from '@/lib/i18n';
import { belowQuery, useMediaQuery } from '@/lib/use-media-query';
import { useAddPart } from '../hooks/use-add-part';
import { useTableLabels } from '@/lib/use-table-labels';
import { usePartsFormat, type PartsFormat } from '../hooks/use-parts-format';
import { fromTableSort, toTableSort, type CatalogueParams } from '../lib/catalogue-params';
import { Availability, compatibleText } from './part-labels';
import { useQuantityStore, type QuantityStore } from './quantity-store';
import styles from './spare-parts.module.css';
import { useAbility } from '@/lib/ability';

export interface PartsTableProps {
  parts: SparePartSummary[];
  total: number;
  /** More parts match than `total` counts (the API stops counting at its cap). */
  isTotalCapped: boolean;
  state: CatalogueParams;
  onChange: (change: Partial<CatalogueParams>) => void;
  onOpenPart: (partId: string) => void;
}

/** Pages longer than this render the rows in view only (the table scrolls under its header). */
const VIRTUALIZE_ABOVE = 30;

interface RowActions {
  t: TFunction;
  f: PartsFormat;
  store: QuantityStore;
  add: ReturnType<typeof useAddPart>['add'];
  pendingPartId: string | undefined;
  onOpenPart: (partId: string) => void;
}

function OpenPartButton({ part, actions }: { part: SparePartSummary; actions: RowActions }) {
  return (
    <Button
      variant="text"
      className={styles.partNumber}
      data-part-open={part.id}
      aria-label={actions.t('part.open', { partNumber: part.partNumber })}
      onPress={() => actions.onOpenPart(part.id)}
    >
      {part.partNumber}
    </Button>
  );
}

function Replacement({ part, actions }: { part: SparePartSummary; actions: RowActions }) {
  const replacement = part.supersededBy;
  if (!replacement) return null;
  return (
    <span className={styles.replacement}>
      <span className={styles.tag} data-tone="neutral">
        {actions.t('part.superseded')}
      </span>
      <Button
        variant="text"
        aria-label={actions.t('part.openReplacement', { partNumber: replacement.partNumber })}
        onPress={() => actions.onOpenPart(replacement.id)}
      >
        {actions.t('part.replacedBy', { partNumber: replacement.partNumber })}
      </Button>
    </span>
  );
}

function QuantityField({ part, actions }: { part: SparePartSummary; actions: RowActions }) {
  if (part.supersededBy) return null;
  return (
    <NumberInput
      className={styles.quantityField}
      label={actions.t('part.quantityOf', { partNumber: part.partNumber })}
      defaultValue={actions.store.get(part.id)}
      min={1}
      max={PART_QUANTITY_MAX}
      allowDecimal={false}
      onChange={(value) => actions.store.set(part.id, value)}
    />
  );
}

function AddButton({ part, actions }: { part: SparePartSummary; actions: RowActions }) {
  // Filling the cart needs `order spareparts`: a viewer browses the catalogue only.
  const canOrder = useAbility().can('order', 'spareparts');
  if (!canOrder) return null;
  if (part.supersededBy) {
    // Not a disabled button: the reason is read, and nothing unusable sits in the tab order.
    return <span className={`${styles.muted} ${styles.small}`}>{actions.t('part.cannotAdd')}</span>;
  }
  return (
    <Button
      variant="outlined"
      startIcon={<PlusIcon />}
      isPending={actions.pendingPartId === part.id}
      pendingLabel={actions.t('part.adding')}
      aria-label={actions.t('part.addLabel', { partNumber: part.partNumber })}
      onPress={() => actions.add(part, actions.store.get(part.id))}
    >
      {actions.t('part.add')}
    </Button>
  );
}

/** A row as a card, for phones and small tablets: every column and action, stacked. */
function PartCard({ part, actions }: { part: SparePartSummary; actions: RowActions }) {
  const { t, f } = actions;
  return (
    <article className={styles.card} aria-label={part.partNumber}>
      <div className={styles.cardHeader}>
        <OpenPartButton part={part} actions={actions} />
        <span className={styles.price}>{f.price(part.unitPriceCents)}</span>
      </div>
      <span>{part.designation}</span>
      <Replacement part={part} actions={actions} />
      <dl className={styles.cardFacts}>
        <dt>{t('part.category')}</dt>
        <dd>{part.category.name}</dd>
        <dt>{t('part.compatible')}</dt>
        <dd>{compatibleText(part, t)}</dd>
        <dt>{t('part.availability')}</dt>
        <dd>
          <Availability part={part} f={f} />
        </dd>
      </dl>
      <div className={styles.cardActions}>
        <QuantityField part={part} actions={actions} />
        <AddButton part={part} actions={actions} />
      </div>
    </article>
  );
}

/**
 * One page of the catalogue in the kit's table, server-side: the sort cycle (ascending →
 * descending → none), the page and the page size go to the URL, and the server answers.
 */
export const PartsTable = memo(function PartsTable({
  parts,
  total,
  isTotalCapped,
  state,
  onChange,
  onOpenPart,
}: PartsTableProps) {
  const { t } = useTranslation('spareparts');
  const f = usePartsFormat();
  const kitLabels = useTableLabels();
  const labels = useMemo(
    () =>
      isTotalCapped
        ? {
            ...kitLabels,
            range: ({ from, to, count }: { from: number; to: number; count: number }) =>
              t('kit.rangeMore', { from: f.count(from), to: f.count(to), count: f.count(count) }),
          }
        : kitLabels,
    [isTotalCapped, kitLabels, t, f],
  );
  const store = useQuantityStore();
  const { add, pendingPartId } = useAddPart();
  const isPhone = useMediaQuery(belowQuery('tablet'));

  const actions = useMemo<RowActions>(
    () => ({ t, f, store, add, pendingPartId, onOpenPart }),
    [t, f, store, add, pendingPartId, onOpenPart],
  );

  const columns = useMemo<TableColumn<SparePartSummary>[]>(
    () => [
      {
        id: 'partNumber',
        header: t('part.partNumber'),
        isSortable: true,
        cell: (part) => <OpenPartButton part={part} actions={actions} />,
      },
      {
        id: 'designation',
        header: t('part.designation'),
        isSortable: true,
        wrapsWords: true,
        cell: (part) => (
          <span className={styles.designation}>
            <span>{part.designation}</span>
            <Replacement part={part} actions={actions} />
          </span>
        ),
      },
      {
        id: 'category',
        header: t('part.category'),
        isSortable: true,
        wrapsWords: true,
        cell: (part) => (
          <span className={styles.category}>
            <span>{part.category.name}</span>
            <span className={`${styles.muted} ${styles.small}`}>{part.category.group.name}</span>
          </span>
        ),
      },
      {
        id: 'compatible',
        header: t('part.compatible'),
        truncate: true,
        title: (part) => compatibleText(part, t),
        cell: (part) => compatibleText(part, t),
      },
      {
        id: 'availability',
        header: t('part.availability'),
        isSortable: true,
        cell: (part) => <Availability part={part} f={f} />,
      },
      {
        id: 'unitPrice',
        header: t('part.unitPrice'),
        isSortable: true,
        align: 'end',
        cell: (part) => <span className={styles.price}>{f.price(part.unitPriceCents)}</span>,
      },
      {
        id: 'quantity',
        header: t('part.quantity'),
        cell: (part) => <QuantityField part={part} actions={actions} />,
      },
      {
        id: 'add',
        header: t('part.addToCart'),
        wrapsWords: true,
        cell: (part) => <AddButton part={part} actions={actions} />,
      },
    ],
    [t, f, actions],
  );

  return (
    <div className={styles.cardsBelowTablet}>
      <Table<SparePartSummary>
        label={t('catalogue.tableLabel')}
        columns={columns}
        rows={parts}
        rowCount={total}
        getRowId={(part) => part.id}
        getRowLabel={(part) => part.partNumber}
        sort={toTableSort(state.sort)}
        onSortChange={(sort) => onChange({ sort: fromTableSort(sort) })}
        page={state.page}
        onPageChange={(page) => onChange({ page })}
        pageSize={state.pageSize}
        onPageSizeChange={(size) => onChange({ pageSize: size as CatalogueParams['pageSize'] })}
        pageSizeOptions={sparePartPageSizes}
        // 50 and 100 a page: only the rows in view (and a few around) are in the page.
        virtualizeAbove={VIRTUALIZE_ABOVE}
        renderCard={(part) => <PartCard part={part} actions={actions} />}
        showsCardsOnly={isPhone}
        labels={labels}
      />
    </div>
  );
});
