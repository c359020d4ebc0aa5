import type { Language } from '@portal/contract';
import { translate, type Translations } from '../../translations';
import { composeMail, type RenderedMail } from './layout';

/**
 * The answer to a registration request, in the user's language: approved into an account (with
 * a link to the portal), or rejected with the provider's reason.
 */
export function renderRegistrationDecisionMail(
  translations: Translations,
  lng: Language,
  decision:
    { approved: true; accountName: string; link: string } | { approved: false; reason: string },
): RenderedMail {
  const values: Record<string, string> = decision.approved
    ? { account: decision.accountName }
    : { reason: decision.reason };
  const t = (key: string) => translate(translations, 'mail', lng, `registration.${key}`, values);
  const subject = t(decision.approved ? 'approvedSubject' : 'rejectedSubject');
  const message = t(decision.approved ? 'approved' : 'rejected');
  return composeMail({
    lang: lng,
    subject,
    preheader: message,
    blocks: [
      t('greeting'),
      message,
      ...(decision.approved
        ? [{ button: t('button'), href: decision.link, tone: 'entry' as const }]
        : []),
      t('signature'),
    ],
    footer: t('footer'),
  });
}
