import { QueryClientContext } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FullPageSpinner } from '@portal/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { useLoadedQueryClient } from '@/lib/query-client-loader';
import { toaster } from '@/lib/toaster';
import { SessionGate } from './session-gate';

// The region's code arrives with the first toast (each toast is its own live region, so it is
// announced as it appears either way); most first pages show none.
const ToastRegion = lazy(() =>
  import('@portal/ui/toast-region').then((module) => ({ default: module.ToastRegion })),
);
const hasToasts = () => toaster.getSnapshot().length > 0;

/** The one toast region (top right), with translated labels, from the first toast on. */
function Toasts() {
  const { t } = useTranslation('shell');
  const isShowing = useSyncExternalStore(toaster.subscribe, hasToasts, hasToasts);
  const [isNeeded, setNeeded] = useState(false);
  if (isShowing && !isNeeded) setNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion toaster={toaster} label={t('toast.region')} closeLabel={t('toast.close')} />
    </Suspense>
  );
}

/**
 * The query cache, once loaded (lib/query-client-loader.ts). The context is always there, empty
 * on a visitor's pages, so the tree keeps its shape (and its state) when the client arrives at
 * sign-in; everything that queries renders only for a signed-in user.
 */
function QueryCache({ children }: { children: ReactNode }) {
  const client = useLoadedQueryClient();
  useEffect(() => {
    // What QueryClientProvider does: refetch on reconnect and the like follow this client.
    client?.mount();
    return () => client?.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

/** Everything the screens rely on: translations loaded, the session known, the query cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    // The very first render waits for the first namespace; it has no text to show a label yet.
    <Suspense fallback={<FullPageSpinner label="…" />}>
      <QueryCache>
        <SessionGate>{children}</SessionGate>
        {/* Its own boundary: loading its namespace never blanks the page. */}
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </QueryCache>
    </Suspense>
  );
}
