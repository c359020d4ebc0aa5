import type { Language } from '@portal/contract';
import type { ProviderIdentity } from '../config/env';
import { translate, type Translations } from './translations';

/**
 * The provider's identity as its documents head and its mails close: the name, then the address
 * lines, how to reach it, and its registration and VAT numbers, in the reader's language. Parts
 * the settings leave unset are left out.
 */
export function identityLines(
  provider: ProviderIdentity,
  translations: Translations,
  language: Language,
): { name: string; details: string[] } {
  const t = (key: string, values: Record<string, string>) =>
    translate(translations, 'documents', language, key, values);
  const contact = [
    provider.phone && t('provider.phone', { phone: provider.phone }),
    provider.email,
  ];
  const legal = [
    provider.registration,
    provider.vatNumber && t('provider.vatNumber', { number: provider.vatNumber }),
  ];
  return {
    name: provider.name,
    details: [
      ...(provider.address?.split('\n') ?? []),
      contact.filter(Boolean).join(' · '),
      legal.filter(Boolean).join(' · '),
    ].filter(Boolean),
  };
}
