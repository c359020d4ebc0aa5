import type { TableLabels } from '@portal/ui/table';
import { useTranslation } from '@/lib/i18n';

/** The kit's table texts in the reader's language. */
export function useTableLabels(): Partial<TableLabels> {
  const { t } = useTranslation('accounts');
  return {
    noData: t('kit.noData'),
    rowsPerPage: t('kit.rowsPerPage'),
    range: ({ from, to, count }) => t('kit.range', { from, to, count }),
    pagination: t('kit.pagination'),
    previousPage: t('kit.previousPage'),
    nextPage: t('kit.nextPage'),
    page: (page) => t('kit.page', { page }),
    loading: t('common:loading'),
  };
}
