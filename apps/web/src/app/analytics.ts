import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { runtimeSettings } from '@/config/env';
import { paths } from '@/config/paths';
import { consentStore, hasAnalyticsConsent } from '@/lib/consent-store';
import type { Analytics } from '@/lib/analytics';

/** Page views wait for the route to settle; lib/analytics.ts says the same. */
const PAGE_VIEW_DELAY_MS = 500;

let analytics: Promise<Analytics> | undefined;

/**
 * Starts analytics once, before the first render: `consent default` (all denied) goes first, then
 * the stored answer is applied and followed. Button clicks are reported only with consent.
 * Without a measurement id nothing happens at all, and the analytics code is not even loaded;
 * with one, it loads beside the first page (nothing can talk to Google before it has).
 */
export function startAnalytics(): void {
  const measurementId = runtimeSettings.gaMeasurementId;
  if (analytics || !measurementId) return;
  analytics = import('@/lib/analytics').then(({ createAnalytics }) => {
    const instance = createAnalytics(measurementId);
    instance.applyConsent(hasAnalyticsConsent(consentStore.getState().record));
    consentStore.subscribe((state, previous) => {
      const isEnabled = hasAnalyticsConsent(state.record);
      if (isEnabled !== hasAnalyticsConsent(previous.record)) instance.applyConsent(isEnabled);
    });
    document.addEventListener(
      'click',
      (event) => {
        if (!instance.isEnabled || !(event.target instanceof Element)) return;
        const button = event.target.closest('button, [role="button"], [role="menuitem"]');
        if (!button) return;
        const label = button.getAttribute('aria-label') ?? button.textContent ?? '';
        if (label.trim()) instance.buttonClick(label.trim());
      },
      { capture: true },
    );
    return instance;
  });
}

/**
 * A page view on each route change, once the route has settled for 500 ms. The root is no page:
 * it only sends a person on (to sign in, or where the landing rule says), however long that takes.
 */
export function usePageViews(): void {
  const location = useLocation();
  useEffect(() => {
    if (location.pathname === paths.root) return undefined;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      void analytics?.then((instance) => instance.pageView(url));
    }, PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, location.search]);
}
