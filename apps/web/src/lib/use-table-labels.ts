import { useMemo } from 'react';
import type { TableLabels } from '@portal/ui/table';
import { useTranslation } from '@/lib/i18n';

/**
 * The kit's table texts (its pager, its selection, its empty state) in the page's language, the
 * counts written the way that language writes numbers. Every table of the app takes these; a
 * screen may only say its own "nothing here".
 */
export function useTableLabels(noData?: string): TableLabels {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  return useMemo(() => {
    const count = new Intl.NumberFormat(language);
    return {
      noData: noData ?? t('table.noData'),
      rowsPerPage: t('table.rowsPerPage'),
      range: ({ from, to, count: total }) =>
        t('table.range', {
          from: count.format(from),
          to: count.format(to),
          count: count.format(total),
        }),
      pagination: t('table.pagination'),
      previousPage: t('table.previousPage'),
      nextPage: t('table.nextPage'),
      page: (page) => t('table.page', { page: count.format(page) }),
      selectAll: t('table.selectAll'),
      selectRow: (row) => t('table.selectRow', { row }),
      loading: t('loading'),
    };
  }, [t, language, noData]);
}
