import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '@portal/ui/spinner';
import { ToastRegion } from '@portal/ui/toast';
import { toaster } from '@/lib/toaster';
import { SessionGate } from './session-gate';

/** The one toast region (spec §2: top right), with translated labels. */
function Toasts() {
  const { t } = useTranslation('shell');
  return <ToastRegion toaster={toaster} label={t('toast.region')} closeLabel={t('toast.close')} />;
}

/** Everything the screens rely on: the query cache, translations loaded, the session known. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    // The very first render waits for the first namespace; it has no text to show a label yet.
    <Suspense fallback={<FullPageSpinner label="…" />}>
      <QueryClientProvider client={queryClient}>
        <SessionGate>{children}</SessionGate>
        {/* Its own boundary: loading its namespace never blanks the page. */}
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </QueryClientProvider>
    </Suspense>
  );
}
