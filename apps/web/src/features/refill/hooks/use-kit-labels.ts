import type { DropdownLabels } from '@portal/ui/dropdown';
import type { DatePickerLabels } from '@portal/ui/date-picker';
import type { FileUploadLabels, FileUploadMessages } from '@portal/ui/file-upload';
import { useTranslation } from '@/lib/i18n';

/** The kit's default texts are English: the screen passes translated ones. */
export function useDropdownLabels(): Partial<DropdownLabels> {
  const { t } = useTranslation('refill');
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

export function useDatePickerLabels(): Partial<DatePickerLabels> {
  const { t } = useTranslation('refill');
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

export function useFileUploadLabels(): {
  labels: Partial<FileUploadLabels>;
  messages: Partial<FileUploadMessages>;
} {
  const { t } = useTranslation('refill');
  return {
    labels: {
      dropHere: t('kit.dropHere'),
      browse: t('kit.browse'),
      updateFiles: t('kit.updateFiles'),
      delete: (fileName) => t('kit.deleteFile', { fileName }),
      maxSize: (size) => t('kit.maxSize', { size }),
    },
    messages: {
      fileInvalidType: () => t('kit.fileInvalidType'),
      fileTooLarge: () => t('kit.fileTooLarge'),
      fileTooSmall: (minSize) => t('kit.fileTooSmall', { minSize }),
      tooManyFiles: t('kit.tooManyFiles'),
    },
  };
}
