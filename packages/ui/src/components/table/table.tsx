import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { FocusKeeper } from '../focus-keeper';
import { Spinner } from '../spinner';
import styles from './table.module.css';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  TABLE_ROW_HEIGHT,
  defaultTableLabels,
  type TableColumn,
  type TableProps,
  type TableSort,
} from './table-props';
import { useShowsCards } from './use-shows-cards';
import { TablePagination } from './table-pagination';
import { useControllableState } from '../../internal/use-controllable-state';

function toSortingState(sort: TableSort | null): SortingState {
  return sort ? [{ id: sort.columnId, desc: sort.direction === 'descending' }] : [];
}

/** Ascending → descending → unsorted. */
function nextSort(current: TableSort | null, columnId: string): TableSort | null {
  if (!current || current.columnId !== columnId) return { columnId, direction: 'ascending' };
  if (current.direction === 'ascending') return { columnId, direction: 'descending' };
  return null;
}

/**
 * A data table: sortable headers (APG sortable table), pagination, row selection, a header that
 * sticks to the top of the page (the page scrolls, never a box inside it), one-line cells that
 * never break a reference at its hyphen, virtualised long lists, and a card list with the same
 * fields on phones and wherever the table would not fit its box. Client-side by default; server-side when
 * `rowCount` is given (then `rows` is one page and sort/page changes are the caller's to fetch).
 */
export function Table<TRow>({
  label,
  isLabelVisible = false,
  columns,
  rows,
  getRowId,
  getRowLabel,
  rowCount,
  sort: sortProp,
  defaultSort = null,
  onSortChange,
  page: pageProp,
  defaultPage = 1,
  onPageChange,
  pageSize: pageSizeProp,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  onPageSizeChange,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  isPaginationDisabled = false,
  selectionMode = 'none',
  selectedKeys: selectedProp,
  defaultSelectedKeys = [],
  onSelectionChange,
  isPending = false,
  virtualizeAbove = 100,
  renderCard,
  showsCardsOnly = false,
  labels: labelsProp,
}: TableProps<TRow>) {
  const labels = { ...defaultTableLabels, ...labelsProp };
  const isServerSide = rowCount !== undefined;
  const [sort, setSort] = useControllableState(sortProp, defaultSort, onSortChange);
  const [page, setPage] = useControllableState(pageProp, defaultPage, onPageChange);
  const [pageSize, setPageSize] = useControllableState(
    pageSizeProp,
    defaultPageSize,
    onPageSizeChange,
  );
  const [selected, setSelected] = useControllableState(
    selectedProp,
    defaultSelectedKeys,
    onSelectionChange,
  );
  const tableRef = useRef<HTMLTableElement>(null);

  const columnDefs: ColumnDef<TRow>[] = columns.map((column) => ({
    id: column.id,
    accessorFn: column.accessor ?? (() => null),
    enableSorting: Boolean(column.isSortable),
    sortUndefined: 'last',
  }));

  // TanStack Table's returned functions are not memoisable by the React compiler; this
  // component does not rely on compiler memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    state: {
      sorting: toSortingState(sort),
      pagination: { pageIndex: page - 1, pageSize: isPaginationDisabled ? rows.length : pageSize },
    },
    // Page and sort are our controlled state. TanStack's own resets would queue a state update
    // whenever `rows` is a new array, i.e. on every render of a parent that filters inline, and
    // loop forever (seen in Chromium on the refill screen).
    autoResetPageIndex: false,
    autoResetExpanded: false,
    manualSorting: isServerSide,
    manualPagination: isServerSide || isPaginationDisabled,
    rowCount: isServerSide ? rowCount : undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const shownRows = table.getRowModel().rows.map((row) => row.original);
  const total = isServerSide ? rowCount : rows.length;
  const pageCount = isPaginationDisabled ? 1 : Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : isPaginationDisabled ? 1 : (page - 1) * pageSize + 1;
  const to = isPaginationDisabled ? total : Math.min(page * pageSize, total);

  const { rootRef, showsCards } = useShowsCards(tableRef);
  const isCardsOnly = (showsCardsOnly && renderCard !== undefined) || showsCards;
  const isVirtual = !isCardsOnly && shownRows.length > virtualizeAbove;
  const virtualizer = useWindowVirtualizer({
    count: isVirtual ? shownRows.length : 0,
    estimateSize: () => TABLE_ROW_HEIGHT,
    overscan: 10,
    scrollMargin: tableRef.current
      ? tableRef.current.getBoundingClientRect().top + window.scrollY
      : 0,
  });
  const virtualItems = isVirtual ? virtualizer.getVirtualItems() : [];
  const visibleRows = isVirtual
    ? virtualItems.flatMap((item) => {
        const row = shownRows[item.index];
        return row === undefined ? [] : [{ row, index: item.index }];
      })
    : shownRows.map((row, index) => ({ row, index }));
  const paddingTop = isVirtual
    ? (virtualItems[0]?.start ?? 0) - virtualizer.options.scrollMargin
    : 0;
  const paddingBottom = isVirtual
    ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0)
    : 0;

  const selectedSet = new Set(selected);
  const shownIds = shownRows.map(getRowId);
  const selectedShown = shownIds.filter((id) => selectedSet.has(id)).length;
  const hasSelection = selectionMode === 'multiple';
  const colSpan = columns.length + (hasSelection ? 1 : 0);

  const toggleRow = (id: string) => {
    setSelected(selectedSet.has(id) ? selected.filter((key) => key !== id) : [...selected, id]);
  };
  const toggleAll = () => {
    if (selectedShown === shownIds.length) {
      setSelected(selected.filter((key) => !shownIds.includes(key)));
    } else {
      setSelected([...selected, ...shownIds.filter((id) => !selectedSet.has(id))]);
    }
  };
  const goToPage = (next: number) => {
    setPage(Math.min(Math.max(1, next), pageCount));
  };

  const selectBox = (row: TRow, id: string) => (
    <input
      type="checkbox"
      aria-label={labels.selectRow(getRowLabel ? getRowLabel(row) : id)}
      checked={selectedSet.has(id)}
      onChange={() => toggleRow(id)}
    />
  );

  // Rows read again (a live update) keep the focus on the same row, wherever it moved.
  return (
    <FocusKeeper containerRef={rootRef}>
      <div
        ref={rootRef}
        className={styles.root}
        data-pending={isPending || undefined}
        data-cards-only={isCardsOnly || undefined}
      >
        {isCardsOnly ? null : (
          <div className={styles.frame}>
            <table
              ref={tableRef}
              className={styles.table}
              aria-label={isLabelVisible ? undefined : label}
              aria-busy={isPending || undefined}
              aria-rowcount={isVirtual ? shownRows.length + 1 : undefined}
            >
              {isLabelVisible ? <caption className={styles.caption}>{label}</caption> : null}
              <thead>
                <tr className={styles.headerRow}>
                  {hasSelection ? (
                    <th scope="col" className={styles.selectCell}>
                      <input
                        type="checkbox"
                        aria-label={labels.selectAll}
                        checked={shownIds.length > 0 && selectedShown === shownIds.length}
                        ref={(element) => {
                          if (element) {
                            element.indeterminate =
                              selectedShown > 0 && selectedShown < shownIds.length;
                          }
                        }}
                        onChange={toggleAll}
                        disabled={shownIds.length === 0}
                      />
                    </th>
                  ) : null}
                  {columns.map((column) => {
                    const direction = sort?.columnId === column.id ? sort.direction : undefined;
                    return (
                      <th
                        key={column.id}
                        scope="col"
                        aria-sort={direction}
                        data-align={column.align ?? 'start'}
                        data-sorted={direction}
                      >
                        {column.isSortable ? (
                          <button
                            type="button"
                            className={styles.sortButton}
                            onClick={() => {
                              setSort(nextSort(sort, column.id));
                              if (page !== 1) setPage(1);
                            }}
                          >
                            {column.header}
                            <SortIcon direction={direction} />
                          </button>
                        ) : (
                          column.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {shownRows.length === 0 ? (
                  <tr>
                    <td colSpan={colSpan} className={styles.empty}>
                      {isPending ? null : labels.noData}
                    </td>
                  </tr>
                ) : null}
                {paddingTop > 0 ? (
                  <tr aria-hidden="true" style={{ blockSize: paddingTop }}>
                    <td colSpan={colSpan} />
                  </tr>
                ) : null}
                {visibleRows.map(({ row, index }) => {
                  const id = getRowId(row);
                  const isSelected = selectedSet.has(id);
                  return (
                    <tr
                      key={id}
                      data-focus-key={id}
                      className={styles.row}
                      data-selected={isSelected || undefined}
                      aria-rowindex={isVirtual ? index + 2 : undefined}
                    >
                      {hasSelection ? (
                        <td className={styles.selectCell}>{selectBox(row, id)}</td>
                      ) : null}
                      {columns.map((column) => {
                        const CellTag = column.isRowHeader ? 'th' : 'td';
                        return (
                          <CellTag
                            key={column.id}
                            scope={column.isRowHeader ? 'row' : undefined}
                            data-align={column.align ?? 'start'}
                            data-wraps-words={column.wrapsWords || undefined}
                          >
                            <Cell column={column} row={row} />
                          </CellTag>
                        );
                      })}
                    </tr>
                  );
                })}
                {paddingBottom > 0 ? (
                  <tr aria-hidden="true" style={{ blockSize: paddingBottom }}>
                    <td colSpan={colSpan} />
                  </tr>
                ) : null}
              </tbody>
            </table>
            {isPending ? (
              <div className={styles.pending} role="status">
                <Spinner label={labels.loading} />
              </div>
            ) : null}
          </div>
        )}
        {isCardsOnly && isLabelVisible ? (
          <p className={styles.caption} aria-hidden="true">
            {label}
          </p>
        ) : null}
        {isCardsOnly ? (
          <ul className={styles.cards} aria-label={label} aria-busy={isPending || undefined}>
            {shownRows.length === 0 ? <li className={styles.empty}>{labels.noData}</li> : null}
            {shownRows.map((row) => (
              <li key={getRowId(row)} data-focus-key={getRowId(row)} className={styles.card}>
                {renderCard ? (
                  renderCard(row)
                ) : (
                  <ColumnsCard
                    columns={columns}
                    row={row}
                    selectBox={hasSelection ? selectBox(row, getRowId(row)) : null}
                  />
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {isCardsOnly && isPending ? (
          <div role="status">
            <Spinner label={labels.loading} />
          </div>
        ) : null}
        {isPaginationDisabled ? null : (
          <TablePagination
            labels={labels}
            page={page}
            pageCount={pageCount}
            pageSize={pageSize}
            pageSizeOptions={pageSizeOptions}
            range={{ from, to, count: total }}
            onPage={goToPage}
            onPageSize={(next) => {
              setPageSize(next);
              if (page !== 1) setPage(1);
            }}
          />
        )}
      </div>
    </FocusKeeper>
  );
}

/** A cell's content: its own renderer or the accessor's value, cut to one line if asked. */
function Cell<TRow>({ column, row }: { column: TableColumn<TRow>; row: TRow }) {
  const content = column.cell ? column.cell(row) : formatValue(column.accessor?.(row));
  if (!column.truncate) return content;
  const title = column.title?.(row) ?? textOf(column.accessor?.(row));
  return (
    <span className={styles.truncate} title={title}>
      {content}
    </span>
  );
}

/** The default card: the row's fields under their column headers, its selection box first. */
function ColumnsCard<TRow>({
  columns,
  row,
  selectBox,
}: {
  columns: TableColumn<TRow>[];
  row: TRow;
  selectBox: ReactNode;
}) {
  return (
    <div className={styles.columnsCard}>
      {selectBox ? <div className={styles.cardSelect}>{selectBox}</div> : null}
      <dl className={styles.cardFields}>
        {columns.map((column) => (
          <div key={column.id} className={styles.cardField}>
            <dt>{column.header}</dt>
            <dd data-align={column.align ?? 'start'}>
              <Cell column={column} row={row} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function textOf(value: string | number | Date | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toLocaleDateString();
  return String(value);
}

function formatValue(value: string | number | Date | null | undefined): ReactNode {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toLocaleDateString();
  return String(value);
}

function SortIcon({ direction }: { direction: TableSort['direction'] | undefined }) {
  return (
    <svg
      className={styles.sortIcon}
      data-direction={direction ?? 'none'}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
    >
      <path d="M8 3 4.5 7h7z" data-part="up" />
      <path d="M8 13 4.5 9h7z" data-part="down" />
    </svg>
  );
}
