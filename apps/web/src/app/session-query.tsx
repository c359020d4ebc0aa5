import { useEffect } from 'react';
import { useMe } from '@/features/auth/api/get-me';
import { appStore } from '@/lib/app-store';
import { warmUpIntl } from '@/lib/intl-warm-up';

// This module loads as a page with a session starts (session-gate.tsx), before its screen: the
// browser's Intl data the signed-in screens write dates and numbers with loads meanwhile.
warmUpIntl();

/**
 * Mirrors the session query into the store: success marks the user authenticated with
 * the profile's rules (again whenever the profile changes, e.g. a saved name); an error (401)
 * marks them signed out. The answer is already in the cache (session-gate.tsx): no second call.
 * Renders nothing.
 */
export default function SessionQuery() {
  const me = useMe({ refetchOnMount: false });
  useEffect(() => {
    const { markAuthenticated, markSignedOut } = appStore.getState();
    if (me.isSuccess) {
      const { id, email, firstName, lastName, company, rules } = me.data;
      markAuthenticated({ id, email, firstName, lastName, company }, rules);
    } else if (me.isError) {
      markSignedOut();
    }
  }, [me.isSuccess, me.isError, me.data]);
  return null;
}
