import type { ExportFormat } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Menu } from '@portal/ui/menu';
import { useTranslation } from './i18n';

/**
 * The address of an export: the list's own filters, the format, and the reader's time zone so
 * its date-times read as the screen shows them.
 */
export function exportUrl(path: string, filters: URLSearchParams, format: ExportFormat): string {
  const query = new URLSearchParams(filters);
  query.set('format', format);
  query.set('tz', Intl.DateTimeFormat().resolvedOptions().timeZone);
  return `${path}?${query.toString()}`;
}

/** Starts a download the server names and streams (the session cookie goes with it). */
export function downloadFile(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

export interface ExportMenuProps {
  /** The export's API path, e.g. `/api/exports/drums`. */
  path: string;
  /** The filters on screen, in the export's query names. */
  filters?: URLSearchParams;
  /** What is exported, for screen readers: "Export the drums". */
  label?: string;
}

/** A "Download" menu button offering the list as CSV or as an Excel workbook. */
export function ExportMenu({ path, filters = new URLSearchParams(), label }: ExportMenuProps) {
  const { t } = useTranslation('common');
  const item = (format: ExportFormat) => ({
    id: format,
    label: t(`export.${format}`),
    onAction: () => downloadFile(exportUrl(path, filters, format)),
  });
  return (
    <Menu
      label={label ?? t('export.label')}
      items={[item('csv'), item('xlsx')]}
      trigger={<Button variant="outlined">{t('export.download')}</Button>}
    />
  );
}
