import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { Command, useCommandState } from 'cmdk';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SearchIcon } from '../icons';
import { Spinner } from '../spinner';
import styles from './command-palette.module.css';
import { useCommandPaletteShortcut } from './use-command-palette-shortcut';
import { useControllableState } from '../../internal/use-controllable-state';

/** The palette takes 120 ms to close; the search waits 500 ms after the last key. */
export const COMMAND_PALETTE_CLOSE_MS = 120;
export const COMMAND_PALETTE_SEARCH_DEBOUNCE_MS = 500;

export interface CommandItem {
  id: string;
  label: string;
  /** A second line, e.g. a drum's site. */
  description?: string;
  /** More words the item is found by. */
  keywords?: string[];
  icon?: ReactNode;
  /** A shortcut to show, e.g. "Ctrl+Shift+L". */
  shortcut?: string;
  isDisabled?: boolean;
  onSelect: () => void;
}

export interface CommandGroup {
  id: string;
  heading: string;
  items: CommandItem[];
}

export interface CommandPaletteLabels {
  /** Placeholder and name of the search box. */
  search: string;
  /** Shown when nothing matches. */
  empty: string;
  loading: string;
  /** Name of the result list. */
  results: string;
}

export const defaultCommandPaletteLabels: CommandPaletteLabels = {
  search: 'Search...',
  empty: 'No result',
  loading: 'Loading',
  results: 'Results',
};

export interface CommandPaletteProps {
  /** Accessible name of the palette dialog. */
  label: string;
  /** Commands, in groups with a heading. */
  groups: CommandGroup[];
  /** Controlled open state. */
  isOpen?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Called with the search text 500 ms after the last key, e.g. to fetch drums or parts; the
   * items it brings are then shown as given (no local filtering).
   */
  onSearch?: (query: string) => void;
  /** Filters items locally by label and keywords (default: when there is no `onSearch`). */
  shouldFilter?: boolean;
  /** Shows a loading indicator under the search box. */
  isPending?: boolean;
  /** Ctrl+K / Cmd+K opens the palette (default true). */
  hasShortcut?: boolean;
  /** Whether choosing an item closes the palette (default true). */
  closeOnSelect?: boolean;
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<CommandPaletteLabels>;
}

/**
 * A command palette (cmdk in a modal dialog): Ctrl+K or Cmd+K opens it, Escape or a click outside
 * closes it with a 120 ms animation, arrows and Enter choose a command.
 */
export function CommandPalette({
  label,
  groups,
  isOpen: isOpenProp,
  defaultOpen = false,
  onOpenChange,
  onSearch,
  shouldFilter,
  isPending = false,
  hasShortcut = true,
  closeOnSelect = true,
  labels: labelsProp,
}: CommandPaletteProps) {
  const labels = { ...defaultCommandPaletteLabels, ...labelsProp };
  const [isOpen, setOpen] = useControllableState(isOpenProp, defaultOpen, onOpenChange);
  const [query, setQuery] = useState('');
  const [isClosing, setIsClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(isOpen);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // The portal mounts its content a tick after opening; focus the search box once it exists.
  const setInput = useCallback((element: HTMLInputElement | null) => {
    inputRef.current = element;
    element?.focus();
  }, []);

  // Keep the palette on screen for its closing animation after it is told to close.
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    setIsClosing(!isOpen);
    if (isOpen) setQuery('');
  }
  useEffect(() => {
    if (!isClosing) return undefined;
    const timer = setTimeout(() => setIsClosing(false), COMMAND_PALETTE_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [isClosing]);

  useEffect(() => {
    if (!onSearch || !isOpen) return undefined;
    const timer = setTimeout(() => onSearch(query), COMMAND_PALETTE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // onSearch is a callback prop: a new function each render must not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, isOpen]);

  useCommandPaletteShortcut(() => {
    if (!isOpen) setOpen(true);
  }, hasShortcut);

  const {
    refs: { setFloating },
    context,
  } = useFloating({
    open: isOpen || isClosing,
    onOpenChange: (next) => {
      if (!next && isOpen) setOpen(false);
    },
  });
  // Escape anywhere in the page and a press outside the panel close it.
  const { getFloatingProps } = useInteractions([useDismiss(context)]);

  if (!isOpen && !isClosing) return null;

  const close = () => {
    if (isOpen) setOpen(false);
  };

  return (
    <FloatingPortal>
      <FloatingOverlay
        className={styles.overlay}
        data-state={isOpen ? 'open' : 'closing'}
        lockScroll
      >
        <FloatingFocusManager context={context} initialFocus={inputRef} returnFocus modal>
          <div
            ref={setFloating}
            role="dialog"
            aria-modal="true"
            aria-label={label}
            className={styles.panel}
            data-state={isOpen ? 'open' : 'closing'}
            {...getFloatingProps()}
          >
            <Command
              label={label}
              className={styles.command}
              shouldFilter={shouldFilter ?? !onSearch}
              // Ctrl+K belongs to the palette's shortcut; no Vim-style Ctrl+J/K moves.
              vimBindings={false}
              loop
            >
              <div className={styles.search}>
                <SearchIcon size={18} />
                <Command.Input
                  ref={setInput}
                  className={styles.input}
                  value={query}
                  onValueChange={setQuery}
                  placeholder={labels.search}
                  aria-label={labels.search}
                />
              </div>
              {isPending ? (
                <div className={styles.loading}>
                  <Spinner size="small" label={labels.loading} />
                </div>
              ) : null}
              {isPending ? null : (
                <Command.Empty className={styles.empty}>{labels.empty}</Command.Empty>
              )}
              <ResultList label={labels.results}>
                {groups.map((group) => (
                  <Command.Group key={group.id} heading={group.heading} className={styles.group}>
                    {group.items.map((item) => (
                      <Command.Item
                        key={item.id}
                        value={`${item.id} ${item.label}`}
                        keywords={[item.label, ...(item.keywords ?? [])]}
                        disabled={item.isDisabled}
                        className={styles.item}
                        onSelect={() => {
                          item.onSelect();
                          if (closeOnSelect) close();
                        }}
                      >
                        {item.icon ? (
                          <span className={styles.icon} aria-hidden="true">
                            {item.icon}
                          </span>
                        ) : null}
                        <span className={styles.text}>
                          <span className={styles.label}>{item.label}</span>
                          {item.description ? (
                            <span className={styles.description}>{item.description}</span>
                          ) : null}
                        </span>
                        {item.shortcut ? (
                          <kbd className={styles.shortcut}>{item.shortcut}</kbd>
                        ) : null}
                      </Command.Item>
                    ))}
                  </Command.Group>
                ))}
              </ResultList>
            </Command>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}

/** The list, hidden while nothing matches: an empty listbox is invalid ARIA. */
function ResultList({ label, children }: { label: string; children: ReactNode }) {
  const count = useCommandState((state) => state.filtered.count);
  return (
    <Command.List className={styles.list} label={label} hidden={count === 0}>
      {children}
    </Command.List>
  );
}
