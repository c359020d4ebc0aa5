import { useCallback, useSyncExternalStore } from 'react';

// The kit's breakpoints and queries: one definition for the CSS and the code.
export { belowQuery, breakpoints, fromQuery } from '@portal/ui/tokens';

/** Whether a media query matches, following changes (resize, rotation, reduced motion…). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
