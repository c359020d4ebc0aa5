import { z } from 'zod';

export const languages = ['fr', 'en'] as const;
export const fallbackLanguage = 'fr';
export const LanguageSchema = z.enum(languages);
export type Language = z.infer<typeof LanguageSchema>;

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
] as const;
export const NamespaceSchema = z.enum(namespaces);
export type Namespace = z.infer<typeof NamespaceSchema>;

export const LocaleParamsSchema = z.object({
  ns: z.string(),
  lng: z.string(),
});
