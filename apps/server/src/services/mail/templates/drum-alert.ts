import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

export interface DrumAlertMailInput {
  serial: string;
  reference: string;
  site: string;
  remainingM: number;
  remainingPct: number;
  level: 'low' | 'critical';
  portalUrl: string;
}

/** The mail a threshold crossing sends, in the reader's language. */
export function renderDrumAlertMail(
  translations: Translations,
  lng: Language,
  input: DrumAlertMailInput,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const number = new Intl.NumberFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
    maximumFractionDigits: 1,
  });
  const values = {
    serial: input.serial,
    reference: input.reference,
    site: input.site,
    remaining: number.format(input.remainingM),
    pct: number.format(input.remainingPct),
    level: t(`drumAlert.${input.level}`),
  };
  const subject = t('drumAlert.subject', values);
  const body = `<p>${escapeHtml(t('drumAlert.intro', values))}</p>
<p>${escapeHtml(t('drumAlert.action'))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(input.portalUrl)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('drumAlert.button'))}</a></p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('drumAlert.intro', values),
    body,
    footer: t('footer'),
  });
  const text = [
    t('drumAlert.intro', values),
    '',
    t('drumAlert.action'),
    '',
    `${t('drumAlert.button')}: ${input.portalUrl}`,
  ].join('\n');
  return { subject, html, text };
}
