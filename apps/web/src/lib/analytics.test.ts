import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GTAG_SCRIPT_URL, createAnalytics, redactLocation } from './analytics';

const ID = 'G-TEST123';

/** The dataLayer as plain arrays: gtag pushes `arguments` objects. */
function calls(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function gtagScripts() {
  return document.head.querySelectorAll(`script[src^="${GTAG_SCRIPT_URL}"]`);
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

const flags = window as unknown as Record<string, unknown>;

describe('analytics', () => {
  beforeEach(() => {
    delete window.dataLayer;
    delete window.gtag;
    delete flags[`ga-disable-${ID}`];
    gtagScripts().forEach((script) => script.remove());
    clearCookies();
  });
  afterEach(clearCookies);

  it('does nothing at all without a measurement id', () => {
    const analytics = createAnalytics(null);
    analytics.applyConsent(true);
    analytics.pageView(new URL('http://localhost/refill'));
    expect(window.dataLayer).toBeUndefined();
    expect(gtagScripts()).toHaveLength(0);
  });

  it('denies all four storages before anything else', () => {
    createAnalytics(ID);
    expect(calls()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
        },
      ],
    ]);
    expect(gtagScripts()).toHaveLength(0);
  });

  it('grants analytics storage only when enabled, then configures and loads gtag once', () => {
    const analytics = createAnalytics(ID);
    analytics.applyConsent(true);
    analytics.applyConsent(true);
    const entries = calls();
    expect(entries[0]?.slice(0, 2)).toEqual(['consent', 'default']);
    expect(entries[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(entries[2]?.[0]).toBe('js');
    // The page fields gtag.js would otherwise read from the address bar, redacted, come first.
    expect(entries[3]).toEqual([
      'set',
      expect.objectContaining({ page_location: expect.any(String), page_path: expect.any(String) }),
    ]);
    expect(entries[4]).toEqual([
      'config',
      ID,
      expect.objectContaining({ anonymize_ip: true, allow_google_signals: false }),
    ]);
    expect(entries.filter((entry) => entry[0] === 'config')).toHaveLength(1);
    expect(gtagScripts()).toHaveLength(1);
    expect(flags[`ga-disable-${ID}`]).toBe(false);
  });

  it('when not enabled: no grant, ga-disable set, _ga cookies deleted, no script', () => {
    document.cookie = '_ga=GA1.1.123; path=/';
    document.cookie = `_ga_TEST123=GS1.1; path=/`;
    document.cookie = 'locale=fr; path=/';
    const analytics = createAnalytics(ID);
    analytics.applyConsent(false);
    expect(calls().some((entry) => entry[1] === 'update')).toBe(false);
    expect(flags[`ga-disable-${ID}`]).toBe(true);
    expect(document.cookie).toBe('locale=fr');
    expect(gtagScripts()).toHaveLength(0);
  });

  it('withdrawing consent denies storage again and deletes the cookies', () => {
    const analytics = createAnalytics(ID);
    analytics.applyConsent(true);
    document.cookie = '_ga=GA1.1.123; path=/';
    analytics.applyConsent(false);
    expect(calls().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(document.cookie).toBe('');
    expect(flags[`ga-disable-${ID}`]).toBe(true);
  });

  it('sends page views and button clicks only with consent, never the sign-in hash', () => {
    const analytics = createAnalytics(ID);
    analytics.pageView(new URL('http://localhost/refill'));
    analytics.buttonClick('OK');
    expect(calls().some((entry) => entry[0] === 'event')).toBe(false);

    analytics.applyConsent(true);
    analytics.pageView(new URL('http://localhost/signin/secret-hash'));
    analytics.buttonClick('OK');
    const events = calls().filter((entry) => entry[0] === 'event');
    expect(events[0]).toEqual([
      'event',
      'page_view',
      expect.objectContaining({ page_location: 'http://localhost/signin' }),
    ]);
    expect(JSON.stringify(calls())).not.toContain('secret-hash');
    expect(events[1]).toEqual([
      'event',
      'button_click',
      expect.objectContaining({ button_label: 'OK', page_location: expect.any(String) }),
    ]);
  });

  it('redacts only the sign-in path', () => {
    expect(redactLocation(new URL('https://x.example/refill?site=2'))).toBe(
      'https://x.example/refill?site=2',
    );
    for (const path of ['/signin/abc?x=1', '/SignIn/abc', '/%73ignin/abc', '//signin/abc']) {
      expect(redactLocation(new URL(`https://x.example${path}`)), path).toBe(
        'https://x.example/signin',
      );
    }
    expect(redactLocation(new URL('https://x.example/signing-up'))).toBe(
      'https://x.example/signing-up',
    );
  });
});
