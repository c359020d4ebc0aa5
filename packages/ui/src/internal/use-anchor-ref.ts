import { useCallback, useLayoutEffect, useRef, type RefCallback } from 'react';

/**
 * The ref for a floating element's trigger, which hands the trigger to floating-ui (`setReference`)
 * only while the element is open, the only time it is positioned. floating-ui keeps its anchor in
 * React state: set from the trigger's ref as the page mounts, it makes React render again within
 * that commit, with every pending effect flushed first, in one long task of the page's load.
 */
export function useAnchorRef(
  setReference: (node: Element | null) => void,
  isOpen: boolean,
): RefCallback<Element> {
  const trigger = useRef<Element | null>(null);
  const isOpenRef = useRef(isOpen);
  useLayoutEffect(() => {
    isOpenRef.current = isOpen;
    if (isOpen) setReference(trigger.current);
  }, [isOpen, setReference]);
  return useCallback(
    (node: Element | null) => {
      trigger.current = node;
      // A trigger rendered anew while open is the anchor at once.
      if (isOpenRef.current) setReference(node);
    },
    [setReference],
  );
}
