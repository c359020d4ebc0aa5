import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/**
 * A mail about one drum, in the reader's language: what happened, what to do, and a button to
 * the portal. Its texts are `<key>.subject`, `.intro`, `.action` and `.button` of the mail texts,
 * filled with `values`.
 */
export function renderDrumNoticeMail(
  translations: Translations,
  lng: Language,
  key: string,
  values: Record<string, string>,
  portalUrl: string,
): RenderedMail {
  const t = (name: string) => translate(translations, 'mail', lng, `${key}.${name}`, values);
  const subject = t('subject');
  const body = `<p>${escapeHtml(t('intro'))}</p>
<p>${escapeHtml(t('action'))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(portalUrl)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('button'))}</a></p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('intro'),
    body,
    footer: translate(translations, 'mail', lng, 'footer'),
  });
  const text = [t('intro'), '', t('action'), '', `${t('button')}: ${portalUrl}`].join('\n');
  return { subject, html, text };
}
