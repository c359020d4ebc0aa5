import { useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

/** Below the small-tablet width (breakpoints.sm) a row reads better as a card. */
const PHONE_QUERY = '(width < 576px)';

function subscribePhone(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

/**
 * Whether a table shows as cards: on a phone, and wherever its columns need more room than its
 * box has (a table wider than its box would hide its last columns behind a sideways scroll). The
 * width the table needed is kept, so the table comes back once the box is that wide again.
 */
export function useShowsCards(tableRef: RefObject<HTMLTableElement | null>) {
  const rootRef = useRef<HTMLDivElement>(null);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const [neededWidth, setNeededWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const available = root.clientWidth;
      const table = tableRef.current;
      if (table) {
        if (table.offsetWidth > available + 1) setNeededWidth(table.offsetWidth);
      } else {
        setNeededWidth((needed) => (needed !== null && available >= needed ? null : needed));
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    if (tableRef.current) observer.observe(tableRef.current);
    return () => observer.disconnect();
  }, [tableRef, neededWidth, phone]);

  return { rootRef, showsCards: phone || neededWidth !== null };
}
