import { useEffect, useRef } from 'react';

/** Ctrl+K (Cmd+K on macOS) opens the command palette, from anywhere in the page. */
export function useCommandPaletteShortcut(onOpen: () => void, isEnabled = true) {
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });
  useEffect(() => {
    if (!isEnabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        // Browsers put Ctrl+K on the address bar's search; the palette takes it over.
        event.preventDefault();
        onOpenRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}
