import { useMemo } from 'react';
import { Dropdown } from '@portal/ui/dropdown';
import { useTranslation } from '@/lib/i18n';
import { useDropdownLabels } from '@/lib/kit-labels';
import { drumSorts, type DrumSort } from '../lib/drum-filters';

interface SortOption {
  key: DrumSort;
  label: string;
}

/** The overview's order: by urgency unless the user picks another. */
export function DrumSortSelect({
  value,
  onChange,
}: {
  value: DrumSort;
  onChange: (sort: DrumSort) => void;
}) {
  const { t } = useTranslation('refill');
  const labels = useDropdownLabels('refill');
  const options = useMemo<SortOption[]>(
    () => drumSorts.map((key) => ({ key, label: t(`overview.sort.${key}`) })),
    [t],
  );
  return (
    <Dropdown<SortOption>
      label={t('overview.sort.label')}
      options={options}
      keyField="key"
      labelField="label"
      value={value}
      onChange={(key) => {
        const sort = drumSorts.find((candidate) => candidate === key);
        if (sort) onChange(sort);
      }}
      labels={labels}
    />
  );
}
