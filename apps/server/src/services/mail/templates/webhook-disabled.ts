import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

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
  const body = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(input.portalUrl)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('webhookDisabled.button'))}</a></p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('webhookDisabled.intro', values),
    body,
    footer: t('footer'),
  });
  const text = [
    ...lines.flatMap((line) => [line, '']),
    `${t('webhookDisabled.button')}: ${input.portalUrl}`,
  ].join('\n');
  return { subject, html, text };
}
