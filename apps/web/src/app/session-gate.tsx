import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '@portal/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { appStore, useAppStore } from '@/lib/app-store';

/**
 * Runs the session query once and mirrors its answer into the store (spec §4): success marks the
 * user authenticated with the profile's rules; an error (401) marks them signed out.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const isLoading = useAppStore((state) => state.isLoading);

  useEffect(() => {
    const { markAuthenticated, markSignedOut } = appStore.getState();
    if (me.isSuccess) {
      const { id, email, firstName, lastName, company, rules } = me.data;
      markAuthenticated({ id, email, firstName, lastName, company }, rules);
    } else if (me.isError) {
      markSignedOut();
    }
  }, [me.isSuccess, me.isError, me.data]);

  if (isLoading) return <FullPageSpinner label={t('loading')} />;
  return children;
}
