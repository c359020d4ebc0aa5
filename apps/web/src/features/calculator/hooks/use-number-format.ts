import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { UnitSystem } from '../lib/drum-calculations';

export interface NumberFormatters {
  /** A dimension: mm (1 decimal) or in (2 decimals). */
  dimension(value: number): string;
  /** A cable length: m or ft, 1 decimal. */
  length(value: number): string;
  /** km, 3 decimals: the length in the weight formula, whatever the unit system. */
  kilometres(value: number): string;
  /** kg, no decimals. */
  weight(value: number): string;
  /** A plain count or factor. */
  count(value: number): string;
}

/** Numbers with their unit, written the way the active language writes them (Intl). */
export function useNumberFormat(units: UnitSystem): NumberFormatters {
  const { i18n } = useTranslation();
  const language = i18n.language ?? i18n.language;
  return useMemo(() => {
    const unit = (name: string, maximumFractionDigits: number) =>
      new Intl.NumberFormat(language, { style: 'unit', unit: name, maximumFractionDigits });
    const dimension = units === 'metric' ? unit('millimeter', 1) : unit('inch', 2);
    const length = units === 'metric' ? unit('meter', 1) : unit('foot', 1);
    const weight = unit('kilogram', 0);
    const kilometres = unit('kilometer', 3);
    const count = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    return {
      dimension: (value) => dimension.format(value),
      length: (value) => length.format(value),
      kilometres: (value) => kilometres.format(value),
      weight: (value) => weight.format(value),
      count: (value) => count.format(value),
    };
  }, [language, units]);
}
