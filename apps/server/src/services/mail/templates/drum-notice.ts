import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

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
  return composeMail({
    lang: lng,
    subject: t('subject'),
    blocks: [t('intro'), t('action'), { button: t('button'), href: portalUrl }],
    footer: translate(translations, 'mail', lng, 'footer'),
  });
}
