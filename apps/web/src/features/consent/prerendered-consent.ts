import { CONSENT_KEY, CONSENT_VERSION } from '@/lib/consent-store';

/**
 * The attribute of the element holding the consent pop-up the server paints, hidden unless the
 * question is due (an attribute: the painted page carries no ids, the SPA's copy of it does).
 */
export const PRERENDERED_CONSENT_ATTRIBUTE = 'data-prerendered-consent';

/**
 * Run by the browser as it reads the page, before its first paint: shows the painted pop-up when
 * the stored answer is missing, unreadable or older than the current version, the rule of
 * `needsConsent`.
 */
export const showPrerenderedConsentScript =
  `(function(){var due=true;try{var r=JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_KEY)}));` +
  `due=!(typeof r.version=='number'&&typeof r.analytics.isGoogleAnalyticsEnabled=='boolean'&&r.version>=${CONSENT_VERSION})}catch(e){}` +
  `if(due)document.querySelector(${JSON.stringify(`[${PRERENDERED_CONSENT_ATTRIBUTE}]`)}).hidden=false})()`;

/** Whether the server's page shows the consent pop-up (read before the SPA takes over). */
export function isConsentPrerendered(): boolean {
  const element = document.querySelector<HTMLElement>(`[${PRERENDERED_CONSENT_ATTRIBUTE}]`);
  return element?.hidden === false;
}
