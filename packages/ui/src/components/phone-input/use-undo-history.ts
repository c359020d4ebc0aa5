import { useEffect, useRef } from 'react';

/** 20 entries, saved 200 ms after the last change. */
export const UNDO_HISTORY_SIZE = 20;
export const UNDO_SAVE_DELAY_MS = 200;

/**
 * An undo/redo history of snapshots. Changes are saved after a pause of `delay` ms so that a
 * burst of typing is one step; undo and redo save a pending change first.
 */
export function useUndoHistory<T>(
  initial: T,
  size = UNDO_HISTORY_SIZE,
  delay = UNDO_SAVE_DELAY_MS,
) {
  const state = useRef({ entries: [initial], index: 0, pending: undefined as T | undefined });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const save = (snapshot: T) => {
    const current = state.current;
    const entries = current.entries.slice(0, current.index + 1);
    if (Object.is(entries[entries.length - 1], snapshot)) return;
    entries.push(snapshot);
    while (entries.length > size) entries.shift();
    current.entries = entries;
    current.index = entries.length - 1;
  };

  const flush = () => {
    clearTimeout(timer.current);
    const { pending } = state.current;
    if (pending !== undefined) {
      state.current.pending = undefined;
      save(pending);
    }
  };

  return {
    /** Records a change, saved once changes pause for `delay` ms. */
    record(snapshot: T) {
      state.current.pending = snapshot;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    /** The previous snapshot, or undefined at the start of the history. */
    undo(): T | undefined {
      flush();
      if (state.current.index === 0) return undefined;
      state.current.index -= 1;
      return state.current.entries[state.current.index];
    },
    /** The next snapshot, or undefined at the end of the history. */
    redo(): T | undefined {
      flush();
      if (state.current.index >= state.current.entries.length - 1) return undefined;
      state.current.index += 1;
      return state.current.entries[state.current.index];
    },
  };
}
