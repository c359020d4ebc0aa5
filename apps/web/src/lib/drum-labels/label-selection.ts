import { MAX_LABELS, type LabelSheet } from '@portal/contract';
import { naturalCompare } from '../natural-compare';

/** A drum whose label may be printed, as both sides' lists know it. */
export interface LabelDrum {
  id: string;
  serial: string;
  siteId: string;
  siteName: string;
  /** The cable's reference, shown beside the serial to tell drums apart. */
  reference: string;
}

/** Which drums' labels: every drum, those of one site, or some chosen one by one. */
export type LabelScope = 'all' | 'site' | 'some';

export interface LabelChoice {
  scope: LabelScope;
  siteId: string | null;
  someIds: readonly string[];
}

/** The drums in the order their labels are printed: by serial, as a person reads them. */
export function bySerial(drums: readonly LabelDrum[]): LabelDrum[] {
  return [...drums].sort((a, b) => naturalCompare(a.serial, b.serial));
}

/** The sites the drums stand on, each once, by name. */
export function sitesOf(drums: readonly LabelDrum[]): { id: string; name: string }[] {
  const sites = new Map(drums.map((drum) => [drum.siteId, drum.siteName]));
  return [...sites]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => naturalCompare(a.name, b.name));
}

/** The drums a choice names, in print order; a chosen drum no longer in the list is left out. */
export function chosenDrums(drums: readonly LabelDrum[], choice: LabelChoice): LabelDrum[] {
  const ordered = bySerial(drums);
  switch (choice.scope) {
    case 'all':
      return ordered;
    case 'site':
      return ordered.filter((drum) => drum.siteId === choice.siteId);
    case 'some': {
      const some = new Set(choice.someIds);
      return ordered.filter((drum) => some.has(drum.id));
    }
  }
}

/** Why a choice cannot be printed, or null when it can. */
export function choiceProblem(count: number): 'none' | 'tooMany' | null {
  if (count === 0) return 'none';
  if (count > MAX_LABELS) return 'tooMany';
  return null;
}

/** The address of the labels' PDF: the drums (the `drum` parameter repeated) and the sheet. */
export function drumLabelsUrl(path: string, drumIds: readonly string[], sheet: LabelSheet): string {
  const query = new URLSearchParams({ sheet });
  for (const id of drumIds) query.append('drum', id);
  return `${path}?${query.toString()}`;
}
