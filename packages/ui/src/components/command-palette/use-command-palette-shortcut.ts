import { useEffect, useRef } from 'react';

/**
 * The attribute of an open modal dialog (components/dialog), read by name like the toast region
 * does: while one is open, the page behind it is inert, and a palette opened there would be too.
 */
const MODAL_LAYER_ATTRIBUTE = 'data-modal-layer';

/**
 * Ctrl+K (Cmd+K on macOS) opens the command palette, from anywhere in the page but a modal
 * dialog: the palette is part of the page the dialog holds out of reach.
 */
export function useCommandPaletteShortcut(onOpen: () => void, isEnabled = true) {
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });
  useEffect(() => {
    if (!isEnabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector(`[${MODAL_LAYER_ATTRIBUTE}]`)) return;
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
