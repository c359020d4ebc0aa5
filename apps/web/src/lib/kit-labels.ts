import type { DatePickerLabels } from '@portal/ui/date-picker';
import type { DropdownLabels } from '@portal/ui/dropdown';
import { useTranslation } from './i18n';

/**
 * The namespace whose `kit.*` texts a screen's kit controls use: the shared ones, or a feature's
 * own wording (the drums' and the parts' filters say "Selection" where others say "Choose…").
 */
export type KitTexts = 'common' | 'refill' | 'spareparts';

/** The kit's dropdown texts in the page's language (its own defaults are English). */
export function useDropdownLabels(namespace: KitTexts = 'common'): Partial<DropdownLabels> {
  const { t } = useTranslation([namespace, 'common']);
  return {
    noResult: t('kit.noResult'),
    search: t('kit.search'),
    placeholder: t('kit.selection'),
    selected: (count) => t('kit.selected', { count }),
    displayMore: t('kit.displayMore'),
    clear: t('kit.clear'),
    loading: t('common:loading'),
  };
}

/** The kit's calendar texts in the page's language. */
export function useDatePickerLabels(namespace: KitTexts = 'common'): Partial<DatePickerLabels> {
  const { t } = useTranslation([namespace, 'common']);
  return {
    previousMonth: t('kit.previousMonth'),
    nextMonth: t('kit.nextMonth'),
    month: t('kit.month'),
    year: t('kit.year'),
    navigation: t('kit.months'),
    chooseDate: t('kit.chooseDate'),
    hour: t('kit.hour'),
    clear: t('kit.clear'),
    validate: t('kit.validate'),
  };
}
