import type { ReactNode } from 'react';

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
