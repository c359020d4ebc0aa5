import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type MailFooter, type RenderedMail } from './layout';

/**
 * A mail about one drum, in the reader's language: what happened, what to do, a button to the
 * portal, and why the reader gets it (`footer`). Its texts are `<key>.subject`, `.intro`,
 * `.action` and `.button` of the mail texts, filled with `values`.
 */
export function renderDrumNoticeMail(
  translations: Translations,
  lng: Language,
  key: string,
  values: Record<string, string>,
  portalUrl: string,
  footer: MailFooter,
): RenderedMail {
  const t = (name: string) => translate(translations, 'mail', lng, `${key}.${name}`, values);
  return composeMail({
    lang: lng,
    subject: t('subject'),
    blocks: [t('intro'), t('action'), { button: t('button'), href: portalUrl }],
    footer,
  });
}

/**
 * The alert settings (the refill page's alerts tab, from the refill page's URL): who gets drum
 * alerts, and who gets the monthly statement.
 */
export function alertSettingsLink(refillUrl: string | URL): string {
  const settings = new URL(refillUrl);
  settings.searchParams.set('tab', 'alerts');
  return settings.toString();
}

/**
 * The footer of a drum alert: the address is on its account's alert list, and the alert settings
 * are where the list is changed.
 */
export function alertFooter(translations: Translations, lng: Language, portalUrl: string) {
  return {
    reason: translate(translations, 'mail', lng, 'footers.alerts'),
    stop: {
      label: translate(translations, 'mail', lng, 'footers.alertsStop'),
      href: alertSettingsLink(portalUrl),
    },
  };
}
