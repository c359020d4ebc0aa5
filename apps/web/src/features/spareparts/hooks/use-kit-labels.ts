import { useMemo } from 'react';
import type { DropdownLabels } from '@portal/ui/dropdown';
import type { TableLabels } from '@portal/ui/table';
import { useTranslation } from '@/lib/i18n';
import type { PartsFormat } from './use-parts-format';

/** The kit's default texts are English: the screen passes translated ones. */
export function useDropdownLabels(): Partial<DropdownLabels> {
  const { t } = useTranslation('spareparts');
  return useMemo(
    () => ({
      noResult: t('kit.noResult'),
      search: t('kit.search'),
      placeholder: t('kit.selection'),
      selected: (count: number) => t('kit.selected', { count }),
      displayMore: t('kit.displayMore'),
      clear: t('kit.clear'),
      loading: t('common:loading'),
    }),
    [t],
  );
}

export function useTableLabels(f: PartsFormat): Partial<TableLabels> {
  const { t } = useTranslation('spareparts');
  return useMemo(
    () => ({
      noData: t('kit.noData'),
      rowsPerPage: t('kit.rowsPerPage'),
      range: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t('kit.range', { from: f.count(from), to: f.count(to), count: f.count(count) }),
      pagination: t('kit.pagination'),
      previousPage: t('kit.previousPage'),
      nextPage: t('kit.nextPage'),
      page: (page: number) => t('kit.page', { page }),
      selectAll: t('kit.selectAll'),
      selectRow: (row: string) => t('kit.selectRow', { row }),
      loading: t('common:loading'),
    }),
    [t, f],
  );
}
