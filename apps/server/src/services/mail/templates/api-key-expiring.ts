import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

export interface ApiKeyExpiringMailInput {
  /** The key's name and prefix, as the integration page lists it. */
  key: string;
  expiresAt: Date;
  /** How long the old secret keeps working once the key is rotated. */
  overlapHours: number;
  portalUrl: string;
}

/**
 * Tells a key's maker and the account's admins, once, that a machine's API key expires soon, and
 * how to replace it without a gap (rotation).
 */
export function renderApiKeyExpiringMail(
  translations: Translations,
  lng: Language,
  input: ApiKeyExpiringMailInput,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = {
    key: input.key,
    date: new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(input.expiresAt),
    hours: String(input.overlapHours),
  };
  return composeMail({
    lang: lng,
    subject: t('apiKeyExpiring.subject', values),
    blocks: [
      t('apiKeyExpiring.intro', values),
      t('apiKeyExpiring.action', values),
      { button: t('apiKeyExpiring.button'), href: input.portalUrl },
    ],
    footer: t('footers.apiKey'),
  });
}
