import { useSyncExternalStore } from 'react';

/** One entry of the command palette. */
export interface Command {
  /** Unique across all sources, e.g. `nav.refill` or `drum.DR-0042`. */
  id: string;
  /** Translated text shown and searched. */
  label: string;
  /** Translated heading the entry is listed under. */
  group: string;
  /** Extra words the search matches (e.g. a serial number, the other language's name). */
  keywords?: string[];
  /** Runs when the entry is chosen; the palette closes first. */
  perform(): void;
}

/**
 * A provider of palette entries. `getCommands` runs each time the (debounced) query changes, so
 * labels are translated in the current language and a feature can search its own data.
 */
export interface CommandSource {
  id: string;
  /**
   * Where its entries come in the palette: lower first, then in order of registration. The
   * shell's own entries (-1) lead, even though they register when the palette first opens.
   */
  order?: number;
  getCommands(query: string): Command[] | Promise<Command[]>;
}

const sources = new Map<string, CommandSource>();
const listeners = new Set<() => void>();
let snapshot: CommandSource[] = [];

function emit() {
  // A stable sort: equal orders keep their registration order.
  snapshot = [...sources.values()].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const listener of listeners) listener();
}

/**
 * The one registration point of the palette: the shell registers navigation, language, sign-out
 * and consent; each feature registers its own entries (drums, parts, actions) the same way.
 * Returns the function that removes the source again (use it as an effect's cleanup).
 */
export function registerCommands(source: CommandSource): () => void {
  sources.set(source.id, source);
  emit();
  return () => {
    if (sources.get(source.id) === source) {
      sources.delete(source.id);
      emit();
    }
  };
}

export function getCommandSources(): CommandSource[] {
  return snapshot;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCommandSources(): CommandSource[] {
  return useSyncExternalStore(subscribe, getCommandSources, getCommandSources);
}

/** Every source's entries for `query`, a failing source skipped rather than emptying the list. */
export async function collectCommands(
  query: string,
  list: CommandSource[] = snapshot,
): Promise<Command[]> {
  const settled = await Promise.allSettled(list.map(async (source) => source.getCommands(query)));
  return settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
}

/** Case- and accent-insensitive match of every word of the query, for sources that filter locally. */
export function matchesQuery(query: string, ...texts: (string | undefined)[]): boolean {
  const normalize = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const haystack = normalize(texts.filter(Boolean).join(' '));
  return normalize(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
