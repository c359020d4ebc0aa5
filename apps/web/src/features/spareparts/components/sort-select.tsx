import { useMemo } from 'react';
import { sparePartSortColumns, type SparePartSort } from '@portal/contract';
import { Dropdown } from '@portal/ui/dropdown';
import { useTranslation } from '@/lib/i18n';
import { useDropdownLabels } from '@/lib/kit-labels';

interface SortOption {
  key: SparePartSort;
  label: string;
}

const sorts: SparePartSort[] = sparePartSortColumns.flatMap((column) => [
  column,
  `-${column}` as const,
]);

const isSort = (value: string | null): value is SparePartSort =>
  (sorts as (string | null)[]).includes(value);

/**
 * The sort as a list, for phones: the cards have no column headers to press. Clearing it goes
 * back to the default order.
 */
export function SortSelect({
  value,
  onChange,
}: {
  value: SparePartSort | null;
  onChange: (sort: SparePartSort | null) => void;
}) {
  const { t } = useTranslation('spareparts');
  const labels = useDropdownLabels('spareparts');
  const options = useMemo<SortOption[]>(
    () => sorts.map((key) => ({ key, label: t(`sort.options.${key}`) })),
    [t],
  );
  return (
    <Dropdown<SortOption>
      label={t('sort.label')}
      options={options}
      keyField="key"
      labelField="label"
      isClearable
      value={value}
      onChange={(key) => onChange(isSort(key) ? key : null)}
      labels={{ ...labels, placeholder: t('sort.default') }}
    />
  );
}
