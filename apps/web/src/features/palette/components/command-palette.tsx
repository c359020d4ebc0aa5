import { useMemo, useState } from 'react';
import { CommandPalette as KitCommandPalette, type CommandGroup } from '@portal/ui/command-palette';
import { useTranslation } from '@/lib/i18n';
import { usePaletteCommands } from '../hooks/use-palette-commands';

/**
 * The command palette over the command registry: the kit brings Ctrl+K /
 * Cmd+K, Escape with its 120 ms close and the 500 ms search debounce; every registered source
 * answers the query, grouped under its headings.
 */
export function CommandPalette({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation('shell');
  // Loaded on the first Ctrl+K (the app keeps it out of the first page load), hence open at once.
  const [isOpen, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  const { commands, isSearching } = usePaletteCommands(query, isOpen);

  const groups = useMemo<CommandGroup[]>(() => {
    const byHeading = new Map<string, CommandGroup>();
    for (const command of commands) {
      const group = byHeading.get(command.group) ?? {
        id: `group-${byHeading.size}`,
        heading: command.group,
        items: [],
      };
      group.items.push({
        id: command.id,
        label: command.label,
        keywords: command.keywords,
        onSelect: command.perform,
      });
      byHeading.set(command.group, group);
    }
    return [...byHeading.values()];
  }, [commands]);

  return (
    <KitCommandPalette
      label={t('palette.label')}
      groups={groups}
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (open) setQuery('');
      }}
      // What is listed is filtered at once as the user types, so Enter never runs a stale top
      // entry; after the kit's 500 ms debounce the sources answer the query too (and may search
      // the server: their entries should carry the matched text in `keywords`).
      onSearch={setQuery}
      shouldFilter
      isPending={isSearching}
      labels={{
        search: t('palette.placeholder'),
        empty: t('palette.empty'),
        loading: t('palette.loading'),
        results: t('palette.label'),
      }}
    />
  );
}
