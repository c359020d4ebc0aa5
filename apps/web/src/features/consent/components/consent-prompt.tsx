import { lazy, Suspense, useLayoutEffect } from 'react';
import { needsConsent, useConsentStore } from '@/lib/consent-store';
import { releaseFirstScreen } from '@/lib/first-screen';

// The dialog (and the kit's dialog machinery) is only fetched when the question must be asked:
// a returning visitor who already answered never downloads it.
const ConsentDialog = lazy(() =>
  import('./consent-dialog').then((module) => ({ default: module.ConsentDialog })),
);

/**
 * Shows the pop-up while the stored version is below the current one. The app mounts it
 * on every route but /compliancy.
 */
export function ConsentPrompt() {
  const isNeeded = useConsentStore((state) => needsConsent(state.record));
  // Not asked after all (the server's page showed the question, the store says answered): the
  // page need not wait for the pop-up.
  useLayoutEffect(() => {
    if (!isNeeded) releaseFirstScreen('consent');
  }, [isNeeded]);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialog isOpen />
    </Suspense>
  );
}
