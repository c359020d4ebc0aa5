import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { useRefillFormat } from './use-refill-format';

/**
 * The date-fns locale of the active language, for the kit's calendar and chat. Apart from
 * useRefillFormat so that only the panels that show them load date-fns (first-page budgets).
 */
export function useDateLocale(): Locale {
  return useRefillFormat().language === 'en' ? enUS : fr;
}
