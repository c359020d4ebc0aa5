import { lazy, Suspense } from 'react';
import { getPageItems } from './pagination-items';
import type { TableLabels } from './table-props';
import styles from './table.module.css';

// The menu's positioning comes with the dropdown, loaded after the table's first rows: a page
// whose table needs no second page does not wait for it.
const PageSizeDropdown = lazy(() =>
  import('../dropdown/dropdown').then(({ Dropdown }) => ({
    default: Dropdown<{ value: string; label: string }>,
  })),
);

export interface TablePaginationProps {
  labels: TableLabels;
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  /** The rows shown, from–to of count. */
  range: { from: number; to: number; count: number };
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * The table's footer: rows per page, the range shown, and the page buttons (all pages up to 7,
 * else the first, the last and the current one's neighbours around ellipses).
 */
export function TablePagination({
  labels,
  page,
  pageCount,
  pageSize,
  pageSizeOptions,
  range,
  onPage,
  onPageSize,
}: TablePaginationProps) {
  return (
    <div className={styles.footer}>
      <div className={styles.pageSize}>
        <Suspense
          fallback={
            <span className={styles.pageSizePending}>
              {labels.rowsPerPage} {pageSize}
            </span>
          }
        >
          <PageSizeDropdown
            label={labels.rowsPerPage}
            options={pageSizeOptions.map((option) => ({
              value: String(option),
              label: String(option),
            }))}
            value={String(pageSize)}
            onChange={(value) => {
              if (value) onPageSize(Number(value));
            }}
          />
        </Suspense>
      </div>
      <span className={styles.range}>{labels.range(range)}</span>
      <nav aria-label={labels.pagination}>
        <ul className={styles.pages}>
          <li>
            <button
              type="button"
              className={styles.pageButton}
              aria-label={labels.previousPage}
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
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
                  onClick={() => onPage(item)}
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
              onClick={() => onPage(page + 1)}
            >
              <Chevron direction="next" />
            </button>
          </li>
        </ul>
      </nav>
    </div>
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
