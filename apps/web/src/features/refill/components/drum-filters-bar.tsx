import { useMemo } from 'react';
import type { DrumSummary } from '@portal/contract';
import { drumStatuses } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Dropdown } from '@portal/ui/dropdown';
import { RangeSlider } from '@portal/ui/range-slider';
import { useTranslation } from '@/lib/i18n';
import {
  FULL_PCT_RANGE,
  hasActiveFilters,
  isDrumStatus,
  type DrumFilters,
} from '../lib/drum-filters';
import { useDropdownLabels } from '@/lib/kit-labels';
import styles from './refill.module.css';
import { naturalCompare } from '@/lib/natural-compare';

interface Option {
  key: string;
  label: string;
  group?: string;
}

export interface DrumFiltersBarProps {
  drums: DrumSummary[];
  filters: DrumFilters;
  onChange: (filters: DrumFilters) => void;
}

/** Site, product (grouped by family, searchable), status and remaining-% filters. */
export function DrumFiltersBar({ drums, filters, onChange }: DrumFiltersBarProps) {
  const { t } = useTranslation('refill');
  // Every filter is a clearable choice of several options.
  const multiSelect = {
    keyField: 'key',
    labelField: 'label',
    isClearable: true,
    labels: useDropdownLabels('refill'),
  } as const;
  const siteOptions = useMemo(() => {
    const byId = new Map<string, Option>();
    for (const drum of drums) {
      byId.set(drum.site.id, { key: drum.site.id, label: `${drum.site.name} (${drum.site.city})` });
    }
    return [...byId.values()].sort((a, b) => naturalCompare(a.label, b.label));
  }, [drums]);
  const productOptions = useMemo(() => {
    const byReference = new Map<string, Option>();
    for (const drum of drums) {
      byReference.set(drum.product.reference, {
        key: drum.product.reference,
        label: drum.product.reference,
        group: drum.product.family,
      });
    }
    return [...byReference.values()].sort(
      (a, b) => naturalCompare(a.group ?? '', b.group ?? '') || naturalCompare(a.label, b.label),
    );
  }, [drums]);
  const statusOptions = drumStatuses.map((status) => ({
    key: status,
    label: t(`status.${status}`),
  }));

  return (
    <div className={styles.filterBar}>
      <section className={styles.filters} aria-label={t('filters.label')}>
        <Dropdown<Option>
          selectionMode="multiple"
          {...multiSelect}
          label={t('filters.site')}
          options={siteOptions}
          value={filters.sites}
          onChange={(sites) => onChange({ ...filters, sites })}
        />
        <Dropdown<Option>
          selectionMode="multiple"
          {...multiSelect}
          label={t('filters.product')}
          options={productOptions}
          groupField="group"
          isSearchable
          // The family is searchable too, so "R2V" finds every U-1000 R2V reference.
          filter={(option, query) =>
            `${option.label} ${option.group ?? ''}`.toLowerCase().includes(query.toLowerCase())
          }
          value={filters.products}
          onChange={(products) => onChange({ ...filters, products })}
        />
        <Dropdown<Option>
          selectionMode="multiple"
          {...multiSelect}
          label={t('filters.status')}
          options={statusOptions}
          value={filters.statuses}
          onChange={(statuses) => onChange({ ...filters, statuses: statuses.filter(isDrumStatus) })}
        />
        <RangeSlider
          label={t('filters.remaining')}
          min={0}
          max={100}
          step={5}
          value={filters.pct}
          onChange={(pct) => onChange({ ...filters, pct })}
          formatValue={(value) => t('filters.pctValue', { value })}
          formatRange={(low, high) => t('filters.pctRange', { low, high })}
          labels={{ start: t('filters.pctMin'), end: t('filters.pctMax') }}
        />
      </section>
      {hasActiveFilters(filters) ? (
        <div className={styles.filtersReset}>
          <Button
            variant="text"
            onPress={() =>
              onChange({
                ...filters,
                sites: [],
                products: [],
                statuses: [],
                pct: [...FULL_PCT_RANGE],
              })
            }
          >
            {t('filters.reset')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
