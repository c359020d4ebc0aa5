import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/** The monthly mail that brings an admin their drum-account statement. */
export function renderDrumStatementMail(
  translations: Translations,
  lng: Language,
  input: { month: string; link: string },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = {
    month: new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${input.month}-01T00:00:00Z`)),
  };
  const subject = t('drumStatement.subject', values);
  const body = `<p>${escapeHtml(t('drumStatement.intro', values))}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('drumStatement.button'))}</a></p>
<p>${escapeHtml(t('drumStatement.optOut'))}</p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('drumStatement.intro', values),
    body,
    footer: t('footer'),
  });
  const text = [
    t('drumStatement.intro', values),
    '',
    `${t('drumStatement.button')}: ${input.link}`,
    '',
    t('drumStatement.optOut'),
  ].join('\n');
  return { subject, html, text };
}
