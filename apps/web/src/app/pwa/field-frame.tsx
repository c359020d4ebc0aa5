import { useEffect } from 'react';
import { OfflineBanner } from '../shell/offline-banner';
import { registerServiceWorker } from './register-service-worker';

/**
 * What the signed-in frame adds once the page has loaded, in a chunk of its own so that no
 * first render carries it: the installable app's service worker, and the offline banner.
 */
export default function FieldFrame() {
  useEffect(() => {
    registerServiceWorker().catch(() => undefined);
  }, []);
  return <OfflineBanner />;
}
