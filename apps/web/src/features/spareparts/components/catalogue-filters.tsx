import { memo, useCallback, useMemo } from 'react';
import { Dropdown } from '@portal/ui/dropdown';
import { useTranslation } from '@/lib/i18n';
import { useDropdownLabels } from '@/lib/kit-labels';
import { usePartCategories } from '../api/get-part-categories';
import { useEquipment } from '../api/get-equipment';
import type { CatalogueParams } from '../lib/catalogue-params';
import { SearchField } from './search-field';
import styles from './spare-parts.module.css';
import { naturalCompare } from '@/lib/natural-compare';

interface Option {
  key: string;
  label: string;
  group: string;
  /** Extra words the dropdown's search matches. */
  words: string;
}

export interface CatalogueFiltersProps {
  state: CatalogueParams;
  language: 'fr' | 'en';
  onChange: (change: Partial<CatalogueParams>) => void;
}

const matches = (option: Option, query: string) =>
  `${option.label} ${option.group} ${option.words}`.toLowerCase().includes(query.toLowerCase());

/**
 * Search (debounced), category (grouped, searchable) and the account's equipment. Memoised: a
 * page of parts arriving re-renders the catalogue, and with it the two dropdowns' option lists,
 * though neither changed (a phone's main thread spent 50 ms on that).
 */
export const CatalogueFilters = memo(function CatalogueFilters({
  state,
  language,
  onChange,
}: CatalogueFiltersProps) {
  const { t } = useTranslation('spareparts');
  const dropdownLabels = useDropdownLabels('spareparts');
  const categories = usePartCategories(language);
  const equipment = useEquipment(language);
  // Stable, so the search field's pending debounce survives this component's re-renders.
  const commitSearch = useCallback((search: string) => onChange({ search }), [onChange]);

  const categoryOptions = useMemo<Option[]>(
    () =>
      (categories.data?.categories ?? [])
        .map((category) => ({
          key: category.id,
          label: category.name,
          group: category.group.name,
          words: category.code,
        }))
        .sort((a, b) => naturalCompare(a.group, b.group) || naturalCompare(a.label, b.label)),
    [categories.data],
  );
  const equipmentOptions = useMemo<Option[]>(
    () =>
      (equipment.data?.equipment ?? [])
        .map((unit) => ({
          key: unit.id,
          label: t('filters.equipmentOption', { serial: unit.serial, model: unit.model.name }),
          group: unit.site.name,
          words: unit.model.code,
        }))
        .sort((a, b) => naturalCompare(a.group, b.group) || naturalCompare(a.label, b.label)),
    [equipment.data, t],
  );

  return (
    <section className={styles.filters} aria-label={t('filters.label')}>
      <SearchField value={state.search} onCommit={commitSearch} />
      <Dropdown<Option>
        label={t('filters.category')}
        options={categoryOptions}
        keyField="key"
        labelField="label"
        groupField="group"
        isSearchable
        filter={matches}
        isClearable
        isPending={categories.isPending}
        errorText={categories.isError ? t('states.error') : undefined}
        value={state.category}
        onChange={(category) => onChange({ category })}
        labels={{ ...dropdownLabels, placeholder: t('filters.anyCategory') }}
      />
      <Dropdown<Option>
        label={t('filters.equipment')}
        options={equipmentOptions}
        keyField="key"
        labelField="label"
        groupField="group"
        isSearchable={equipmentOptions.length > 8}
        filter={matches}
        isClearable
        isPending={equipment.isPending}
        errorText={equipment.isError ? t('states.error') : undefined}
        value={state.equipment}
        onChange={(unit) => onChange({ equipment: unit })}
        labels={{ ...dropdownLabels, placeholder: t('filters.anyEquipment') }}
      />
    </section>
  );
});
