import type { FileUploadLabels, FileUploadMessages } from '@portal/ui/file-upload';
import { useTranslation } from '@/lib/i18n';

/** The kit's default texts are English: the screen passes translated ones. */
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
