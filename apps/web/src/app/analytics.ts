import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { runtimeSettings } from '@/config/env';
import { PAGE_VIEW_DELAY_MS, createAnalytics, type Analytics } from '@/lib/analytics';
import { consentStore, hasAnalyticsConsent } from '@/lib/consent-store';

let analytics: Analytics | undefined;

/**
 * Starts analytics once, before the first render: `consent default` (all denied) goes first, then
 * the stored answer is applied and followed. Button clicks are reported only with consent.
 */
export function startAnalytics(): Analytics {
  if (analytics) return analytics;
  const instance = createAnalytics(runtimeSettings.gaMeasurementId);
  analytics = instance;
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
}

/** A page view on each route change, once the route has settled for 500 ms (spec §4). */
export function usePageViews(): void {
  const location = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      analytics?.pageView(new URL(window.location.href));
    }, PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, location.search]);
}
