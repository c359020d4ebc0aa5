export { Table } from './table';
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  TABLE_HEADER_HEIGHT,
  TABLE_ROW_HEIGHT,
  defaultTableLabels,
  type TableColumn,
  type TableLabels,
  type TableProps,
  type TableSort,
} from './table-props';
export { getPageItems, type PageItem } from './pagination-items';
