import { needsConsent, useConsentStore } from '@/lib/consent-store';
import { ConsentDialog } from './consent-dialog';

/**
 * Shows the pop-up while the stored version is below the current one (spec §4). The app mounts it
 * on every route but /compliancy.
 */
export function ConsentPrompt() {
  const isNeeded = useConsentStore((state) => needsConsent(state.record));
  return <ConsentDialog isOpen={isNeeded} />;
}
