import { useState } from 'react';
import { PART_QUANTITY_MAX } from '@portal/contract';

/** Quantity a row's "add" uses when the field is left empty. */
export const DEFAULT_QUANTITY = 1;

export function clampQuantity(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return DEFAULT_QUANTITY;
  return Math.min(PART_QUANTITY_MAX, Math.max(1, Math.round(value)));
}

export interface QuantityStore {
  get(partId: string): number;
  set(partId: string, value: number | null): void;
}

/**
 * The quantities typed in the catalogue's rows. Kept outside React state: typing a quantity
 * re-renders its field only, never the whole table.
 */
export function useQuantityStore(): QuantityStore {
  const [store] = useState<QuantityStore>(() => {
    const values = new Map<string, number | null>();
    return {
      get: (partId) => clampQuantity(values.get(partId)),
      set: (partId, value) => void values.set(partId, value),
    };
  });
  return store;
}
