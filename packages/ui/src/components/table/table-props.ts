import type { ReactNode } from 'react';

/** A header of 61 px and rows of 45 px (the virtualiser's estimate). */
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
  /** Numbers read better aligned to the end; an end-aligned column uses tabular figures. */
  align?: 'start' | 'end';
  /**
   * Long text (a site, a product, a list of serials) is cut to one line with an ellipsis instead
   * of widening the table; the full text stays in the cell for assistive technology and shows on
   * hover (`title`).
   */
  truncate?: boolean;
  /**
   * Cells are one line, so a reference like TR-02659 never breaks at its hyphen; a column of
   * phrases ("2 hours ago", "12 m a day") may wrap between its words instead.
   */
  wrapsWords?: boolean;
  /** The column names its row (a `th` with `scope="row"`), e.g. a cookie's name. */
  isRowHeader?: boolean;
  /** The full text a truncated cell shows on hover; defaults to the accessor's value. */
  title?: (row: TRow) => string;
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
  /** Shows the label as the table's caption (and above its cards) instead of naming it silently. */
  isLabelVisible?: boolean;
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
  /**
   * A row as a card, shown instead of the table on phones (below 576 px) and wherever the table
   * would be wider than its box. Without it, each card lists the columns' headers and cells (the
   * same fields and actions as the row).
   */
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
