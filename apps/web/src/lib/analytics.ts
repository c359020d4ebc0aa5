/**
 * Google Analytics 4 through gtag with Google consent mode:
 * - `consent default` denies all four storages before anything else is queued;
 * - `consent update` grants `analytics_storage` only when the user enabled it;
 * - otherwise `ga-disable-<ID>` is set and every `_ga*` cookie is deleted (host and parent domains);
 * - the gtag script is loaded only once the user has enabled it, and nothing at all happens
 *   without a measurement id.
 */

type GtagArguments = IArguments | unknown[];

declare global {
  interface Window {
    dataLayer?: GtagArguments[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/** Page views wait for the route to settle. */
export const PAGE_VIEW_DELAY_MS = 500;

export interface Analytics {
  /** Applies the user's answer; call it at start and after every change of the consent record. */
  applyConsent(isEnabled: boolean): void;
  /** Reports a page view of `url`; the sign-in link's hash never leaves the browser. */
  pageView(url: URL): void;
  /** Reports a click on a button, only with consent. */
  buttonClick(label: string): void;
  readonly isEnabled: boolean;
}

/**
 * Whether `pathname` is a sign-in page, however it is spelled: the router matches paths without
 * regard to case and decodes percent-escapes, so `/SignIn/…` and `/%73ignin/…` are sign-in pages.
 */
function isSignInPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: judged as written.
  }
  return /^\/+signin(\/|$)/i.test(decoded);
}

/** `/signin/<hash>` is sent as `/signin` (analytics never sees the hash). */
export function redactLocation(url: URL): string {
  if (isSignInPath(url.pathname)) return `${url.origin}/signin`;
  return `${url.origin}${url.pathname}${url.search}`;
}

/** A referrer as analytics may see it: redacted like a location; empty when there is none. */
function redactReferrer(referrer: string): string {
  if (!referrer) return '';
  try {
    return redactLocation(new URL(referrer));
  } catch {
    return '';
  }
}

/** The page fields of an event: GA would otherwise take them from the address bar itself. */
interface PageFields {
  page_location: string;
  page_referrer: string;
  page_path: string;
}

function pageFields(location: string, referrer: string): PageFields {
  const url = new URL(location);
  return { page_location: location, page_referrer: referrer, page_path: url.pathname + url.search };
}

/** Every `_ga*` cookie, deleted for the host and each parent domain it may have been set on. */
export function deleteAnalyticsCookies(doc: Document = document): void {
  const names = doc.cookie
    .split(';')
    .map((part) => part.trim().split('=')[0] ?? '')
    .filter((name) => name.startsWith('_ga'));
  const labels = doc.location.hostname.split('.');
  const domains: (string | null)[] = [null];
  for (let index = 0; index < labels.length - 1; index += 1) {
    domains.push(labels.slice(index).join('.'));
  }
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/';
  for (const name of names) {
    for (const domain of domains) {
      doc.cookie = `${name}=; ${expired}${domain ? `; domain=${domain}` : ''}`;
    }
  }
}

const noop: Analytics = {
  applyConsent: () => undefined,
  pageView: () => undefined,
  buttonClick: () => undefined,
  isEnabled: false,
};

export function createAnalytics(
  measurementId: string | null,
  win: Window = window,
  doc: Document = document,
): Analytics {
  // No measurement id: no dataLayer, no cookie handling, no request to Google.
  if (!measurementId) return noop;

  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads `arguments` objects from the dataLayer, not arrays: this is its documented shape.
  win.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js only understands Arguments objects.
    dataLayer.push(arguments);
  };
  const gtag = win.gtag;
  const disableKey = `ga-disable-${measurementId}`;
  const flags = win as unknown as Record<string, unknown>;

  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  });

  let isEnabled = false;
  let isLoaded = false;
  // Where the user is and came from, redacted. gtag.js fills page_location, page_referrer and
  // page_path of every event it sends (its own included) from the address bar and
  // document.referrer unless told otherwise: so they are `set` before gtag.js loads and at each
  // page view, and given on each event as well.
  let viewed = false;
  let current = pageFields(
    redactLocation(new URL(win.location.href)),
    redactReferrer(doc.referrer),
  );
  const here = (): PageFields => {
    const location = redactLocation(new URL(win.location.href));
    if (location === current.page_location) return current;
    return pageFields(location, viewed ? current.page_location : current.page_referrer);
  };

  const load = () => {
    if (isLoaded) return;
    isLoaded = true;
    gtag('js', new Date());
    gtag('set', here());
    gtag('config', measurementId, {
      anonymize_ip: true,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
      // Page views are sent by the router after the route settles, not by gtag on load.
      send_page_view: false,
    });
    const script = doc.createElement('script');
    script.async = true;
    script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
    doc.head.append(script);
  };

  return {
    get isEnabled() {
      return isEnabled;
    },
    applyConsent(enabled) {
      if (enabled) {
        flags[disableKey] = false;
        gtag('consent', 'update', { analytics_storage: 'granted' });
        isEnabled = true;
        load();
        return;
      }
      if (isEnabled) gtag('consent', 'update', { analytics_storage: 'denied' });
      isEnabled = false;
      flags[disableKey] = true;
      deleteAnalyticsCookies(doc);
    },
    pageView(url) {
      const location = redactLocation(url);
      // In a single-page app the page viewed before is the referrer; the first page's is
      // document.referrer.
      if (!viewed) current = pageFields(location, current.page_referrer);
      else if (location !== current.page_location) {
        current = pageFields(location, current.page_location);
      }
      viewed = true;
      if (!isEnabled) return;
      gtag('set', current);
      gtag('event', 'page_view', { ...current, page_title: doc.title });
    },
    buttonClick(label) {
      if (!isEnabled) return;
      gtag('event', 'button_click', { ...here(), button_label: label.slice(0, 100) });
    },
  };
}
