import { useCallback, useState } from 'react';
import { usePaletteCommands } from '../hooks/use-palette-commands';
import { usePaletteShortcut } from '../hooks/use-palette-shortcut';

/** The command palette (spec §9): Ctrl+K / Cmd+K, entries from the command registry. */
export function CommandPalette() {
  const [isOpen, setOpen] = useState(false);
  const [query] = useState('');
  const toggle = useCallback(() => setOpen((open) => !open), []);
  usePaletteShortcut(toggle);
  usePaletteCommands(query, isOpen);
  return null;
}
