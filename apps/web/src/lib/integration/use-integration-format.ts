import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n';

/** Dates and lists in the reader's language, e.g. "26 nov. 2026, 18:05" and "a et b". */
export function useIntegrationFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      list: (items: readonly string[]) => list.format(items),
    };
  }, [language]);
}
