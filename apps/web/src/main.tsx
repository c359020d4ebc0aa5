import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@portal/ui/tokens.css';
import './app/global.css';
import { startAnalytics } from './app/analytics';
import { App } from './app/app';
import { REVEAL_AT_THE_LATEST_MS, revealApp } from './app/prerendered-page';
import { preloadRoute } from './app/router';
import { startSessionCheck } from './app/session-gate';
import { runtimeSettings } from './config/env';
import { isConsentPrerendered } from './features/consent/prerendered-consent';
import { holdFirstScreen } from './lib/first-screen';
import { initI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Starts the SPA in tasks of a few milliseconds each, the browser free in between: in one, they
 * would hold the main thread for a long task on a slow phone (TBT).
 */
async function start(root: HTMLElement) {
  // Consent mode's "default: denied" must be queued before anything else can talk to Google.
  startAnalytics();
  await nextTask();
  startSessionCheck(runtimeSettings.hasSession);
  // A prerendered page stays in view until the SPA's own is ready (app/prerendered-page.ts), with
  // the consent pop-up it shows, if it does.
  if (isConsentPrerendered()) holdFirstScreen('consent');
  setTimeout(revealApp, REVEAL_AT_THE_LATEST_MS);
  await nextTask();
  // The page's chunks and texts load together with the session check, not one after the other.
  const pageNamespaces = preloadRoute(window.location.pathname, runtimeSettings.hasSession);
  await nextTask();
  void initI18n(pageNamespaces);
  await nextTask();
  // In a transition, React renders in slices and yields to the browser between them: the first
  // render of a page does not block the main thread for its whole length (TBT).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start(root);
