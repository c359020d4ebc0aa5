import { useEffect } from 'react';
import { useTranslation } from './i18n';

/** Sets the document title to "<page> · <app name>", translated, following the language. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    if (title) document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
