import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { Spinner } from '../spinner';
import { getPageItems } from './pagination-items';
import styles from './table.module.css';
import { useControllableState } from '../../internal/use-controllable-state';

/** A header of 61 px and rows of 45 px. */
export const TABLE_HEADER_HEIGHT = 61;
export const TABLE_ROW_HEIGHT = 45;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_PAGE_SIZE_OPTIONS = [25, 50, 100] as const;

export interface TableColumn<TRow> {
  /** Stable id, also the key of the sort state. */
  id: string;
  /** Header text. */
  header: string;
  /** The value used for client-side sorting (and shown when there is no `cell`). */
  accessor?: (row: TRow) => string | number | Date | null | undefined;
  /** Custom cell content. */
  cell?: (row: TRow) => ReactNode;
  /** Whether the header offers the sort button (ascending → descending → unsorted). */
  isSortable?: boolean;
  /** Numbers read better aligned to the end. */
  align?: 'start' | 'end';
}

export interface TableSort {
  columnId: string;
  direction: 'ascending' | 'descending';
}

export interface TableLabels {
  /** Shown when there is no row. */
  noData: string;
  rowsPerPage: string;
  /** "{from}–{to} of {count}". */
  range: (range: { from: number; to: number; count: number }) => string;
  pagination: string;
  previousPage: string;
  nextPage: string;
  page: (page: number) => string;
  selectAll: string;
  /** Name of a row's checkbox, given the row's label (see `getRowLabel`). */
  selectRow: (rowLabel: string) => string;
  loading: string;
}

export const defaultTableLabels: TableLabels = {
  noData: 'No data',
  rowsPerPage: 'Rows per page',
  range: ({ from, to, count }) => `${from}–${to} of ${count}`,
  pagination: 'Pagination',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page) => `Page ${page}`,
  selectAll: 'Select all rows',
  selectRow: (rowLabel) => `Select ${rowLabel}`,
  loading: 'Loading',
};

export interface TableProps<TRow> {
  /** Accessible name of the table. */
  label: string;
  /** Column definitions, in display order. */
  columns: TableColumn<TRow>[];
  /** Client-side: every row. Server-side (`rowCount` given): the rows of the current page. */
  rows: TRow[];
  /** Stable key of a row (selection, React keys). */
  getRowId: (row: TRow) => string;
  /** Human name of a row for its selection checkbox; defaults to its id. */
  getRowLabel?: (row: TRow) => string;
  /** Total number of rows on the server: switches sorting and pagination to server-side mode. */
  rowCount?: number;
  /** Controlled sort; `null` is unsorted. */
  sort?: TableSort | null;
  /** Initial sort when uncontrolled (unsorted by default). */
  defaultSort?: TableSort | null;
  /** Called with the next sort of the cycle ascending → descending → unsorted. */
  onSortChange?: (sort: TableSort | null) => void;
  /** Controlled page, 1-based. */
  page?: number;
  /** Initial page when uncontrolled (1). */
  defaultPage?: number;
  /** Called with the chosen page (1-based). */
  onPageChange?: (page: number) => void;
  /** Controlled page size (25 by default). */
  pageSize?: number;
  /** Initial page size when uncontrolled (25). */
  defaultPageSize?: number;
  /** Called with the chosen page size; the table goes back to page 1. */
  onPageSizeChange?: (pageSize: number) => void;
  /** Page sizes offered (25, 50, 100). */
  pageSizeOptions?: readonly number[];
  /** Turns pagination off: every row is shown (virtualised when long). */
  isPaginationDisabled?: boolean;
  /** Adds a checkbox per row and a select-all checkbox for the shown rows. */
  selectionMode?: 'none' | 'multiple';
  /** Selected row ids (controlled). */
  selectedKeys?: string[];
  /** Initially selected row ids when uncontrolled. */
  defaultSelectedKeys?: string[];
  /** Called with the selected row ids. */
  onSelectionChange?: (keys: string[]) => void;
  /** Shows a spinner over the rows and marks the table busy. */
  isPending?: boolean;
  /** Rows beyond which only the visible rows are rendered (TanStack Virtual). */
  virtualizeAbove?: number;
  /** Rows visible before the body scrolls under the sticky header. */
  maxVisibleRows?: number;
  /** On phones (below 576 px) rows are shown as this card instead of table rows. */
  renderCard?: (row: TRow) => ReactNode;
  /**
   * With `renderCard`: show the cards at any width and build no table rows at all. For a caller
   * that already knows the screen is narrow (a media query), so a page of 100 rows is not built
   * twice, once of them hidden.
   */
  showsCardsOnly?: boolean;
  /** Texts; English defaults. */
  labels?: Partial<TableLabels>;
}

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
 * A data table: sortable headers (APG sortable table), pagination, row selection, sticky header,
 * virtualised long lists, and a card list on phones. Client-side by default; server-side when
 * `rowCount` is given (then `rows` is one page and sort/page changes are the caller's to fetch).
 */
export function Table<TRow>({
  label,
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
  maxVisibleRows = 10,
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const pageSizeId = useId();

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

  const isCardsOnly = showsCardsOnly && renderCard !== undefined;
  const isVirtual = !isCardsOnly && shownRows.length > virtualizeAbove;
  const virtualizer = useVirtualizer({
    count: isVirtual ? shownRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_ROW_HEIGHT,
    overscan: 10,
  });
  const virtualItems = isVirtual ? virtualizer.getVirtualItems() : [];
  const visibleRows = isVirtual
    ? virtualItems.flatMap((item) => {
        const row = shownRows[item.index];
        return row === undefined ? [] : [{ row, index: item.index }];
      })
    : shownRows.map((row, index) => ({ row, index }));
  const paddingTop = isVirtual ? (virtualItems[0]?.start ?? 0) : 0;
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

  const scrollStyle: CSSProperties = {
    maxBlockSize: `${TABLE_HEADER_HEIGHT + TABLE_ROW_HEIGHT * maxVisibleRows}px`,
  };

  return (
    <div
      className={styles.root}
      data-pending={isPending || undefined}
      data-has-cards={renderCard ? true : undefined}
      data-cards-only={isCardsOnly || undefined}
    >
      {isCardsOnly ? null : (
        <div
          ref={scrollRef}
          className={styles.scroll}
          style={scrollStyle}
          role="region"
          aria-label={label}
          // A scrollable region must be reachable by keyboard to be scrolled (axe
          // scrollable-region-focusable); it is a labelled region, not a widget.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table
            className={styles.table}
            aria-label={label}
            aria-busy={isPending || undefined}
            aria-rowcount={isVirtual ? shownRows.length + 1 : undefined}
          >
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
                    className={styles.row}
                    data-selected={isSelected || undefined}
                    aria-rowindex={isVirtual ? index + 2 : undefined}
                  >
                    {hasSelection ? (
                      <td className={styles.selectCell}>
                        <input
                          type="checkbox"
                          aria-label={labels.selectRow(getRowLabel ? getRowLabel(row) : id)}
                          checked={isSelected}
                          onChange={() => toggleRow(id)}
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td key={column.id} data-align={column.align ?? 'start'}>
                        {column.cell ? column.cell(row) : formatValue(column.accessor?.(row))}
                      </td>
                    ))}
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
      {renderCard ? (
        <ul className={styles.cards} aria-label={label} aria-busy={isPending || undefined}>
          {shownRows.length === 0 ? <li className={styles.empty}>{labels.noData}</li> : null}
          {shownRows.map((row) => (
            <li key={getRowId(row)} className={styles.card}>
              {renderCard(row)}
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
        <div className={styles.footer}>
          <label className={styles.pageSize} htmlFor={pageSizeId}>
            {labels.rowsPerPage}
            <select
              id={pageSizeId}
              value={pageSize}
              onChange={(event) => {
                setPageSize(Number(event.target.value));
                if (page !== 1) setPage(1);
              }}
            >
              {pageSizeOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <span className={styles.range}>{labels.range({ from, to, count: total })}</span>
          <nav aria-label={labels.pagination}>
            <ul className={styles.pages}>
              <li>
                <button
                  type="button"
                  className={styles.pageButton}
                  aria-label={labels.previousPage}
                  disabled={page <= 1}
                  onClick={() => goToPage(page - 1)}
                >
                  <Chevron direction="previous" />
                </button>
              </li>
              {getPageItems(page, pageCount).map((item) =>
                typeof item === 'number' ? (
                  <li key={item}>
                    <button
                      type="button"
                      className={styles.pageButton}
                      aria-label={labels.page(item)}
                      aria-current={item === page ? 'page' : undefined}
                      onClick={() => goToPage(item)}
                    >
                      {item}
                    </button>
                  </li>
                ) : (
                  <li key={item} className={styles.ellipsis} aria-hidden="true">
                    …
                  </li>
                ),
              )}
              <li>
                <button
                  type="button"
                  className={styles.pageButton}
                  aria-label={labels.nextPage}
                  disabled={page >= pageCount}
                  onClick={() => goToPage(page + 1)}
                >
                  <Chevron direction="next" />
                </button>
              </li>
            </ul>
          </nav>
        </div>
      )}
    </div>
  );
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

function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" data-direction={direction}>
      <path
        d={direction === 'previous' ? 'M10 3 5 8l5 5' : 'M6 3l5 5-5 5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
