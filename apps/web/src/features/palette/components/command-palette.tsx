import { useCallback, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui/dialog';
import { SearchIcon } from '@portal/ui/icons';
import type { Command } from '@/lib/commands';
import { usePaletteCommands } from '../hooks/use-palette-commands';
import { usePaletteShortcut } from '../hooks/use-palette-shortcut';
import styles from './command-palette.module.css';

/**
 * The command palette (spec §9, DESIGN §8): Ctrl+K / Cmd+K opens it, Escape closes it, typing
 * searches every registered source (debounced 500 ms). APG combobox with a grouped listbox:
 * arrows move, Enter runs the entry. (Replace the list with `@portal/ui/command-palette` once the
 * kit has it; the registry and this component's behaviour stay.)
 */
export function CommandPalette() {
  const { t } = useTranslation('shell');
  const [isOpen, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((open) => !open), []);
  usePaletteShortcut(toggle);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => setOpen(false)}
      closeOnClickOutside
      closeLabel={t('toast.close')}
      title={t('palette.label')}
      width={600}
    >
      {isOpen ? <PaletteSearch onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function PaletteSearch({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const [query, setQuery] = useState('');
  const { commands, isSearching } = usePaletteCommands(query, true);
  const [activeIndex, setActiveIndex] = useState(0);
  const groups = useMemo(() => {
    const byGroup = new Map<string, Command[]>();
    for (const command of commands) {
      byGroup.set(command.group, [...(byGroup.get(command.group) ?? []), command]);
    }
    return [...byGroup.entries()];
  }, [commands]);
  // The flat order the arrows follow is the displayed (grouped) order.
  const ordered = groups.flatMap(([, list]) => list);
  const active = ordered[Math.min(activeIndex, ordered.length - 1)];
  const optionId = (command: Command) => `${id}-option-${command.id}`;

  const run = (command: Command) => {
    onDone();
    command.perform();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!ordered.length) return;
    const last = ordered.length - 1;
    const current = Math.min(activeIndex, last);
    const moves: Record<string, number> = {
      ArrowDown: current === last ? 0 : current + 1,
      ArrowUp: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined && (event.key.startsWith('Arrow') || event.ctrlKey)) {
      event.preventDefault();
      setActiveIndex(next);
      document.getElementById(optionId(ordered[next] as Command))?.scrollIntoView?.({
        block: 'nearest',
      });
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      run(active);
    }
  };

  return (
    <div className={styles.palette}>
      <div className={styles.searchRow}>
        <SearchIcon />
        <input
          className={styles.input}
          role="combobox"
          aria-label={t('palette.placeholder')}
          aria-expanded={ordered.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          placeholder={t('palette.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          // The palette is opened to type: the search box takes focus, not the close button.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
      </div>
      <div id={`${id}-list`} role="listbox" aria-label={t('palette.label')} className={styles.list}>
        {groups.map(([group, list], groupIndex) => (
          <div key={group} role="group" aria-labelledby={`${id}-group-${groupIndex}`}>
            <div id={`${id}-group-${groupIndex}`} role="presentation" className={styles.groupLabel}>
              {group}
            </div>
            {list.map((command) => (
              // The keyboard chooses from the combobox (aria-activedescendant); this is for pointers.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <div
                key={command.id}
                id={optionId(command)}
                role="option"
                tabIndex={-1}
                aria-selected={command === active}
                className={styles.option}
                onClick={() => run(command)}
                onPointerMove={() => setActiveIndex(ordered.indexOf(command))}
              >
                {command.label}
              </div>
            ))}
          </div>
        ))}
      </div>
      <p className={styles.status} role="status">
        {isSearching ? t('palette.loading') : ordered.length === 0 ? t('palette.empty') : ''}
      </p>
    </div>
  );
}
