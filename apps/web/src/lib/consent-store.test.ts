import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONSENT_KEY,
  createConsentStore,
  defaultConsentRecord,
  hasAnalyticsConsent,
  needsConsent,
} from './consent-store';

const stored = () => JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null') as unknown;

describe('consent store', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts from the default record (version 0, analytics on) and asks for consent', () => {
    const { record } = createConsentStore(window.localStorage).getState();
    expect(record).toEqual({ version: 0, analytics: { isGoogleAnalyticsEnabled: true } });
    expect(needsConsent(record)).toBe(true);
    expect(hasAnalyticsConsent(record)).toBe(false);
  });

  it('OK stores version 1 with the chosen flag', () => {
    const store = createConsentStore(window.localStorage);
    store.getState().accept(false, new Date('2026-01-02T03:04:05Z'));
    const expected = {
      version: 1,
      analytics: { isGoogleAnalyticsEnabled: false },
      answeredAt: '2026-01-02T03:04:05.000Z',
    };
    expect(store.getState().record).toEqual(expected);
    expect(stored()).toEqual(expected);
    expect(needsConsent(store.getState().record)).toBe(false);
    expect(hasAnalyticsConsent(store.getState().record)).toBe(false);

    store.getState().accept(true);
    expect(hasAnalyticsConsent(store.getState().record)).toBe(true);
  });

  it('invalidate resets the version to 0 so the pop-up shows again', () => {
    const store = createConsentStore(window.localStorage);
    store.getState().accept(true);
    store.getState().invalidate();
    expect(store.getState().record).toEqual({
      version: 0,
      analytics: { isGoogleAnalyticsEnabled: true },
    });
    expect(needsConsent(store.getState().record)).toBe(true);
    expect(stored()).toMatchObject({ version: 0 });
  });

  it('reads an earlier answer and ignores a broken or foreign record', () => {
    window.localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: false } }),
    );
    expect(createConsentStore(window.localStorage).getState().record.version).toBe(1);
    window.localStorage.setItem(CONSENT_KEY, '{broken');
    expect(createConsentStore(window.localStorage).getState().record).toEqual(defaultConsentRecord);
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ version: '1', analytics: {} }));
    expect(createConsentStore(window.localStorage).getState().record).toEqual(defaultConsentRecord);
  });
});
