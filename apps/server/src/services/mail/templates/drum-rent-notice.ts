import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

export interface DrumRentNoticeMailInput {
  serial: string;
  site: string;
  /** YYYY-MM-DD. */
  rentStartsOn: string;
  daysLeft: number;
  monthlyRate: number;
  portalUrl: string;
}

/** The mail that warns an account's admins a drum's rent-free period is ending. */
export function renderDrumRentNoticeMail(
  translations: Translations,
  lng: Language,
  input: DrumRentNoticeMailInput,
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const locale = lng === 'fr' ? 'fr-FR' : 'en-GB';
  const values = {
    serial: input.serial,
    site: input.site,
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${input.rentStartsOn}T00:00:00Z`),
    ),
    days: String(input.daysLeft),
    rate: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(
      input.monthlyRate,
    ),
  };
  const subject = t('drumRent.subject', values);
  const body = `<p>${escapeHtml(t('drumRent.intro', values))}</p>
<p>${escapeHtml(t('drumRent.action'))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(input.portalUrl)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('drumRent.button'))}</a></p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('drumRent.intro', values),
    body,
    footer: t('footer'),
  });
  const text = [
    t('drumRent.intro', values),
    '',
    t('drumRent.action'),
    '',
    `${t('drumRent.button')}: ${input.portalUrl}`,
  ].join('\n');
  return { subject, html, text };
}
