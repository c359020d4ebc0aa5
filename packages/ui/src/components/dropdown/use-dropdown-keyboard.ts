import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { DROPDOWN_TYPE_AHEAD_RESET_MS } from './dropdown-props';
import { normalise } from './normalise';

interface VisibleOption<TOption> {
  option: TOption;
  key: string;
  index: number;
}

export interface DropdownKeyboard<TOption> {
  /** The options shown, in order; `index` is the position among them. */
  visible: VisibleOption<TOption>[];
  activeIndex: number;
  setActiveIndex: (index: number) => void;
  isOpen: boolean;
  setOpen: (next: boolean, restoreFocus?: boolean) => void;
  choose: (key: string) => void;
  isSearchable: boolean;
  selectedKeys: string[];
  labelOf: (option: TOption) => string;
  /** The id of the option at an index, for scrolling it into view. */
  optionId: (index: number) => string;
  searchRef: RefObject<HTMLInputElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The keyboard of the dropdown's trigger, search box and options (WAI-ARIA APG select-only
 * combobox): arrows, Home and End move the active option, Enter and Space choose it, Escape
 * closes, Tab leaves, and typed letters find an option by the start of its label.
 */
export function useDropdownKeyboard<TOption>({
  visible,
  activeIndex,
  setActiveIndex,
  isOpen,
  setOpen,
  choose,
  isSearchable,
  selectedKeys,
  labelOf,
  optionId,
  searchRef,
  triggerRef,
}: DropdownKeyboard<TOption>) {
  const typeAhead = useRef({
    text: '',
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  useEffect(() => () => clearTimeout(typeAhead.current.timer), []);

  const moveActive = (next: number) => {
    if (visible.length === 0) return;
    const clamped = Math.min(Math.max(next, 0), visible.length - 1);
    setActiveIndex(clamped);
    document.getElementById(optionId(clamped))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) setOpen(true);
        else moveActive(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) setOpen(true);
        else moveActive(activeIndex - 1);
        break;
      case 'Home':
        if (isOpen && !isSearchable) {
          event.preventDefault();
          moveActive(0);
        }
        break;
      case 'End':
        if (isOpen && !isSearchable) {
          event.preventDefault();
          moveActive(visible.length - 1);
        }
        break;
      case 'Enter':
      case ' ': {
        // Space types in the search box; it selects only in a select-only combobox.
        if (event.key === ' ' && event.currentTarget === searchRef.current) break;
        event.preventDefault();
        if (!isOpen) {
          setOpen(true);
          break;
        }
        const active = visible[activeIndex];
        if (active) choose(active.key);
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        break;
      case 'Tab':
        if (isOpen && event.currentTarget === triggerRef.current) setOpen(false, false);
        break;
      default:
        typeToFind(event);
    }
  };

  // APG select-only combobox: typed letters (within 500 ms) move to the first matching option,
  // opening the menu if needed. A search box replaces this when the dropdown is searchable.
  const typeToFind = (event: KeyboardEvent<HTMLElement>) => {
    if (event.currentTarget === searchRef.current || isSearchable) return;
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const state = typeAhead.current;
    clearTimeout(state.timer);
    state.text += normalise(event.key);
    state.timer = setTimeout(() => {
      state.text = '';
    }, DROPDOWN_TYPE_AHEAD_RESET_MS);
    const from = isOpen
      ? activeIndex
      : visible.findIndex((item) => selectedKeys.includes(item.key));
    const start = state.text.length === 1 ? from + 1 : Math.max(from, 0);
    const ordered = [...visible.slice(start), ...visible.slice(0, start)];
    const match = ordered.find((item) => normalise(labelOf(item.option)).startsWith(state.text));
    if (!match) return;
    event.preventDefault();
    if (!isOpen) setOpen(true);
    moveActive(match.index);
  };

  return { moveActive, onListKeyDown };
}
