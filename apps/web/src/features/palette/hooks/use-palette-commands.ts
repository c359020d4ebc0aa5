import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { collectCommands, useCommandSources, type Command } from '@/lib/commands';

/** Spec §9: the palette's search waits 500 ms after the last keystroke. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 500;

/**
 * The registered sources' entries for the query, debounced, refreshed when sources or the
 * language change. Only the latest query's answer is kept.
 */
export function usePaletteCommands(query: string, isOpen: boolean) {
  const sources = useCommandSources();
  const { i18n } = useTranslation();
  const [commands, setCommands] = useState<Command[]>([]);
  const [isSearching, setSearching] = useState(false);

  useEffect(() => {
    if (!isOpen) return undefined;
    let isCurrent = true;
    // The first list (empty query) shows at once; typing waits for the debounce.
    const delay = query ? PALETTE_SEARCH_DEBOUNCE_MS : 0;
    const timer = setTimeout(() => {
      setSearching(true);
      void collectCommands(query, sources).then((found) => {
        if (!isCurrent) return;
        setCommands(found);
        setSearching(false);
      });
    }, delay);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [query, isOpen, sources, i18n.language]);

  return { commands, isSearching };
}
