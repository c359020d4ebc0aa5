import { useMemo } from 'react';
import { formatDateTime } from '@/lib/date-time';
import { useTranslation } from '@/lib/i18n';

/** Dates and lists in the reader's language, e.g. "26 nov. 2026, 18:05" and "a et b". */
export function useIntegrationFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    return {
      dateTime: (iso: string) => formatDateTime(iso, language),
      list: (items: readonly string[]) => list.format(items),
    };
  }, [language]);
}
