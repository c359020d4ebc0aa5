import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

export interface WebhookDisabledMailInput {
  url: string;
  lastError: string | null;
  portalUrl: string;
}

/** Tells an account admin that the portal disabled a webhook endpoint that kept failing. */
export function renderWebhookDisabledMail(
  translations: Translations,
  lng: Language,
  input: WebhookDisabledMailInput,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = { url: input.url, error: input.lastError ?? '' };
  const subject = t('webhookDisabled.subject', values);
  const lines = [
    t('webhookDisabled.intro', values),
    ...(input.lastError ? [t('webhookDisabled.lastError', values)] : []),
    t('webhookDisabled.action'),
  ];
  return composeMail({
    lang: lng,
    subject,
    blocks: [...lines, { button: t('webhookDisabled.button'), href: input.portalUrl }],
    footer: t('footers.webhook'),
  });
}
