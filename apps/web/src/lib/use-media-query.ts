import { useCallback, useSyncExternalStore } from 'react';

/** Breakpoints of spec §9, the same values as the tokens' media queries. */
export const breakpoints = { smallTablet: 576, tablet: 768, desktop: 1280 } as const;

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

/** A desktop with a mouse: the navbar expands on hover there (spec §2). */
export const DESKTOP_POINTER_QUERY = `(min-width: ${breakpoints.desktop}px) and (hover: hover) and (pointer: fine)`;
