import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

export interface SensorSilentMailInput {
  serial: string;
  reference: string;
  site: string;
  /** The sensor's latest reading. */
  lastReadingAt: Date;
  portalUrl: string;
}

/** The mail sent once when a drum's sensor stops reporting, in the reader's language. */
export function renderSensorSilentMail(
  translations: Translations,
  lng: Language,
  input: SensorSilentMailInput,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = {
    serial: input.serial,
    reference: input.reference,
    site: input.site,
    since: new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(input.lastReadingAt),
  };
  const subject = t('sensorSilent.subject', values);
  const body = `<p>${escapeHtml(t('sensorSilent.intro', values))}</p>
<p>${escapeHtml(t('sensorSilent.action'))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(input.portalUrl)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('sensorSilent.button'))}</a></p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('sensorSilent.intro', values),
    body,
    footer: t('footer'),
  });
  const text = [
    t('sensorSilent.intro', values),
    '',
    t('sensorSilent.action'),
    '',
    `${t('sensorSilent.button')}: ${input.portalUrl}`,
  ].join('\n');
  return { subject, html, text };
}
