// No zod here: the SPA's entry chunk reads these constants (see rules.ts).
export const languages = ['fr', 'en'] as const;
export const fallbackLanguage = 'fr';
export type Language = (typeof languages)[number];

/** `en`, `EN`, `en-GB` and `en_GB` are English; anything else that is not ours is nothing. */
export function languageOfTag(tag: string | undefined): Language | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return languages.find((language) => language === primary);
}

/** Translation namespaces, one JSON file per language in packages/locales. */
export const namespaces = [
  'common',
  'errors',
  'auth',
  'mail',
  'shell',
  'consent',
  'profile',
  'calculator',
  'refill',
  'spareparts',
  'team',
  'documents',
  'accounts',
  'registration',
  'backoffice',
  'integration',
  'audit',
] as const;
export type Namespace = (typeof namespaces)[number];
