import {
  autoUpdate,
  flip,
  offset,
  size,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PhoneCountry } from './countries';

/** Typed letters in the country list are forgotten after 1 s. */
export const PHONE_TYPE_AHEAD_RESET_MS = 1000;

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();
}

/**
 * The phone field's country list (APG listbox): opened from its button on the selected country,
 * placed under it, moved through with the arrows, Home and End or by typing a name's first
 * letters, closed by Escape (focus back on the button), Tab or a choice.
 */
export function useCountryList({
  countries,
  selectedIso2,
  optionId,
  onChoose,
}: {
  countries: readonly PhoneCountry[];
  selectedIso2: string;
  /** The element id of the option at `index`. */
  optionId: (index: number) => string;
  onChoose: (country: PhoneCountry) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const typeAhead = useRef({
    text: '',
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(typeAhead.current.timer), []);

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: isOpen,
    onOpenChange: setIsOpen,
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.min(240, availableHeight)}px`;
        },
      }),
    ],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useDismiss(context)]);

  const open = () => {
    setActiveIndex(
      Math.max(
        0,
        countries.findIndex((item) => item.iso2 === selectedIso2),
      ),
    );
    setIsOpen(true);
  };

  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (chosen: PhoneCountry) => {
    onChoose(chosen);
    close();
  };

  const moveActive = (index: number) => {
    const next = Math.min(Math.max(index, 0), countries.length - 1);
    setActiveIndex(next);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveActive(activeIndex + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(activeIndex - 1);
        return;
      case 'Home':
        event.preventDefault();
        moveActive(0);
        return;
      case 'End':
        event.preventDefault();
        moveActive(countries.length - 1);
        return;
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const chosen = countries[activeIndex];
        if (chosen) choose(chosen);
        return;
      }
      case 'Escape':
        event.preventDefault();
        close();
        return;
      case 'Tab':
        setIsOpen(false);
        return;
      default:
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    // APG type-ahead: letters typed within 1 s form one prefix.
    const state = typeAhead.current;
    clearTimeout(state.timer);
    state.text += normalise(event.key);
    state.timer = setTimeout(() => {
      state.text = '';
    }, PHONE_TYPE_AHEAD_RESET_MS);
    // A repeated single letter cycles through the countries starting with it.
    const isCycle =
      state.text.length > 1 && [...state.text].every((char) => char === state.text[0]);
    const prefix = isCycle ? (state.text[0] ?? '') : state.text;
    const start = isCycle || state.text.length === 1 ? activeIndex + 1 : activeIndex;
    const ordered = [...countries.slice(start), ...countries.slice(0, start)];
    const match = ordered.find((item) => normalise(item.name).startsWith(prefix));
    if (match) moveActive(countries.indexOf(match));
  };

  return {
    isOpen,
    activeIndex,
    setActiveIndex,
    open,
    toggle: () => (isOpen ? close() : open()),
    choose,
    onKeyDown,
    floatingStyles,
    getReferenceProps,
    getFloatingProps,
    setFloating,
    setButton: (element: HTMLButtonElement | null) => {
      buttonRef.current = element;
      setReference(element);
    },
  };
}
