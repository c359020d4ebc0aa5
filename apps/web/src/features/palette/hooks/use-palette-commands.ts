import { useEffect, useState } from 'react';
import { collectCommands, useCommandSources, type Command } from '@/lib/commands';
import { useTranslation } from '@/lib/i18n';

/**
 * The registered sources' entries for the query (already debounced by the palette), refreshed
 * when the sources or the language change. Only the latest query's answer is kept.
 */
export function usePaletteCommands(query: string, isOpen: boolean) {
  const sources = useCommandSources();
  const { i18n } = useTranslation();
  const [commands, setCommands] = useState<Command[]>([]);
  const [isSearching, setSearching] = useState(false);

  useEffect(() => {
    if (!isOpen) return undefined;
    let isCurrent = true;
    // Deferred one tick so the state updates happen outside the effect's own run.
    const timer = setTimeout(() => {
      setSearching(true);
      void collectCommands(query, sources).then((found) => {
        if (!isCurrent) return;
        setCommands(found);
        setSearching(false);
      });
    }, 0);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [query, isOpen, sources, i18n.language]);

  return { commands, isSearching };
}
