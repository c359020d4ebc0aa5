import { useTranslation } from '@/lib/i18n';

/**
 * The UI language, as the API's `lang` parameter. Apart from the formatters (date-fns and its
 * locales), because the header's cart button needs it on every signed-in page.
 */
export function usePartsLanguage(): 'fr' | 'en' {
  const { i18n } = useTranslation();
  return (i18n.language ?? i18n.language) === 'en' ? 'en' : 'fr';
}
