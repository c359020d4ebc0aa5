/** A slot in the page list: a page number (1-based) or a gap. */
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * Page numbers to show: every page when there are 7 or fewer, else the first and last
 * pages, the current page with its neighbours, and an ellipsis for each gap, always 7 slots.
 */
export function getPageItems(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  if (current <= 4) return [1, 2, 3, 4, 5, 'end-ellipsis', total];
  if (current >= total - 3) {
    return [1, 'start-ellipsis', total - 4, total - 3, total - 2, total - 1, total];
  }
  return [1, 'start-ellipsis', current - 1, current, current + 1, 'end-ellipsis', total];
}
