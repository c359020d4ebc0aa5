import { useMemo } from 'react';
import type { DropdownLabels } from '@portal/ui/dropdown';
import { useTranslation } from '@/lib/i18n';

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
