import type { Language, WorkItemKind } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { formatDay } from '../../refill/delivery-date';
import { escapeHtml, renderMailLayout } from './layout';
import type { RenderedMail } from './sign-in-link';

/**
 * The mail a change of an item sends to the other side, in the reader's language: which item,
 * where it stands now, and the link to it.
 */
export function renderWorkItemMail(
  translations: Translations,
  lng: Language,
  input: {
    reference: string;
    kind: WorkItemKind;
    status: string;
    audience: 'customer' | 'staff';
    link: string;
    /** An offer's last valid day: the mail is the reminder that it is about to expire. */
    expiresOn?: string;
  },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const values = {
    reference: input.reference,
    kind: t(`workItem.kind.${input.kind}`),
    status: t(`workItem.status.${input.kind}.${input.status}`),
    date: input.expiresOn ? formatDay(input.expiresOn, lng) : '',
  };
  const subject = t(input.expiresOn ? 'workItem.reminder.subject' : 'workItem.subject', values);
  const intro = t(
    input.expiresOn ? 'workItem.reminder.intro' : `workItem.intro.${input.audience}`,
    values,
  );
  const body = `<p>${escapeHtml(intro)}</p>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('workItem.button'))}</a></p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: intro,
    body,
    footer: t('footer'),
  });
  const text = [intro, '', `${t('workItem.button')}: ${input.link}`].join('\n');
  return { subject, html, text };
}

/** The staff's daily digest: each change since the last one, and the link to the inbox. */
export function renderDigestMail(
  translations: Translations,
  lng: Language,
  input: { entries: Array<{ reference: string; action: string }>; link: string },
): RenderedMail {
  const t = (key: string, values?: Record<string, string>) =>
    translate(translations, 'mail', lng, key, values);
  const count = String(input.entries.length);
  const subject = t('workItem.digest.subject', { count });
  const lines = input.entries.map((entry) =>
    t('workItem.digest.entry', {
      reference: entry.reference,
      action: t(`workItem.digest.actions.${entry.action}`),
    }),
  );
  const body = `<p>${escapeHtml(t('workItem.digest.intro'))}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#1852a8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:4px">${escapeHtml(t('workItem.digest.button'))}</a></p>`;
  const html = renderMailLayout({
    lang: lng,
    title: subject,
    preheader: t('workItem.digest.intro'),
    body,
    footer: t('footer'),
  });
  const text = [
    t('workItem.digest.intro'),
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    `${t('workItem.digest.button')}: ${input.link}`,
  ].join('\n');
  return { subject, html, text };
}
