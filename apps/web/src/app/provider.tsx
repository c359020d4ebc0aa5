import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { FullPageSpinner } from '@portal/ui/spinner';
import { SessionGate } from './session-gate';

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
      </QueryClientProvider>
    </Suspense>
  );
}
