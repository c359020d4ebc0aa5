import { naturalCompare } from '@/lib/natural-compare';
import { drumStatuses, type DrumStatus, type DrumSummary } from '@portal/contract';

/** The overview's filters and view, as kept in the URL so a view can be shared and reloaded. */
export interface DrumFilters {
  sites: string[];
  /** Product references; the dropdown groups them by family. */
  products: string[];
  statuses: DrumStatus[];
  /** Remaining-% range, both ends included. */
  pct: [number, number];
  view: 'cards' | 'table';
  sort: DrumSort;
}

/** The overview's orders; `urgency` is the default. */
export const drumSorts = ['urgency', 'runOut', 'remaining', 'serial', 'site'] as const;
export type DrumSort = (typeof drumSorts)[number];
const isDrumSort = (value: string | null): value is DrumSort =>
  (drumSorts as readonly (string | null)[]).includes(value);

export const FULL_PCT_RANGE: [number, number] = [0, 100];

export const isDrumStatus = (value: string): value is DrumStatus =>
  (drumStatuses as readonly string[]).includes(value);

function clampPct(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** Reads the filters from search params; anything malformed falls back to "no filter". */
export function parseDrumFilters(params: URLSearchParams): DrumFilters {
  const pctText = params.get('pct');
  let pct: [number, number] = [...FULL_PCT_RANGE];
  const match = pctText ? /^(\d{1,3})-(\d{1,3})$/.exec(pctText) : null;
  if (match) {
    const low = clampPct(Number(match[1]));
    const high = clampPct(Number(match[2]));
    if (low < high) pct = [low, high];
  }
  return {
    sites: params.getAll('site').filter(Boolean),
    products: params.getAll('product').filter(Boolean),
    statuses: params.getAll('status').filter(isDrumStatus),
    pct,
    view: params.get('view') === 'table' ? 'table' : 'cards',
    sort: isDrumSort(params.get('sort')) ? (params.get('sort') as DrumSort) : 'urgency',
  };
}

/**
 * Writes the filters into `params`, keeping the screen's other parameters (tab, open drum).
 * Defaults are left out so a plain view has a plain URL.
 */
export function writeDrumFilters(params: URLSearchParams, filters: DrumFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['site', 'product', 'status', 'pct', 'view', 'sort']) next.delete(key);
  for (const site of filters.sites) next.append('site', site);
  for (const product of filters.products) next.append('product', product);
  for (const status of filters.statuses) next.append('status', status);
  if (filters.pct[0] !== FULL_PCT_RANGE[0] || filters.pct[1] !== FULL_PCT_RANGE[1]) {
    next.set('pct', `${filters.pct[0]}-${filters.pct[1]}`);
  }
  if (filters.view === 'table') next.set('view', 'table');
  if (filters.sort !== 'urgency') next.set('sort', filters.sort);
  return next;
}

export function hasActiveFilters(filters: DrumFilters): boolean {
  return (
    filters.sites.length > 0 ||
    filters.products.length > 0 ||
    filters.statuses.length > 0 ||
    filters.pct[0] !== FULL_PCT_RANGE[0] ||
    filters.pct[1] !== FULL_PCT_RANGE[1]
  );
}

/** The drums the filters keep; an empty list of a kind means "any". */
export function filterDrums(drums: DrumSummary[], filters: DrumFilters): DrumSummary[] {
  return drums.filter(
    (drum) =>
      (filters.sites.length === 0 || filters.sites.includes(drum.site.id)) &&
      (filters.products.length === 0 || filters.products.includes(drum.product.reference)) &&
      (filters.statuses.length === 0 || filters.statuses.includes(drum.status)) &&
      drum.remainingPct >= filters.pct[0] &&
      drum.remainingPct <= filters.pct[1],
  );
}

/** How many drums have each status (the summary at the top of the overview). */
export function countByStatus(drums: DrumSummary[]): Record<DrumStatus, number> {
  const counts: Record<DrumStatus, number> = { ok: 0, low: 0, critical: 0, ordered: 0 };
  for (const drum of drums) counts[drum.status] += 1;
  return counts;
}

/** Critical first, then low; the other states after them. */
const statusRank: Record<DrumStatus, number> = { critical: 0, low: 1, ok: 2, ordered: 2 };

/** Soonest run-out first; a drum without an estimate (no consumption) last. */
function byRunOut(a: DrumSummary, b: DrumSummary): number {
  if (a.estimatedRunOutOn === b.estimatedRunOutOn) return 0;
  if (a.estimatedRunOutOn === null) return 1;
  if (b.estimatedRunOutOn === null) return -1;
  return a.estimatedRunOutOn < b.estimatedRunOutOn ? -1 : 1;
}

const bySerial = (a: DrumSummary, b: DrumSummary) => naturalCompare(a.serial, b.serial);

const comparators: Record<DrumSort, (a: DrumSummary, b: DrumSummary) => number> = {
  urgency: (a, b) => statusRank[a.status] - statusRank[b.status] || byRunOut(a, b),
  runOut: byRunOut,
  remaining: (a, b) => a.remainingPct - b.remainingPct,
  serial: () => 0,
  site: (a, b) => naturalCompare(a.site.name, b.site.name),
};

/** The drums in the chosen order, ties by serial (a new array). */
export function sortDrums(drums: readonly DrumSummary[], sort: DrumSort): DrumSummary[] {
  const compare = comparators[sort];
  return [...drums].sort((a, b) => compare(a, b) || bySerial(a, b));
}
