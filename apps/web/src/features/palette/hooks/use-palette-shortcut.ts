import { useEffect } from 'react';

/** Ctrl+K, and Cmd+K on macOS, toggles the palette from anywhere (spec §9). */
export function usePaletteShortcut(onToggle: () => void): void {
  useEffect(() => {
    const handle = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      if (!(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      onToggle();
    };
    document.addEventListener('keydown', handle);
    return () => document.removeEventListener('keydown', handle);
  }, [onToggle]);
}
