import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { forgetReturnPath } from './landing';
import { signOut } from '@/features/profile/api/sign-out';
import { appStore } from '@/lib/app-store';
import { toaster } from '@/lib/toaster';
import { useTranslation } from '@/lib/i18n';

/**
 * Sign out from the profile menu: POST /users/signout, then forget every cached answer and go to
 * the auth page. A failure keeps the user where they are, with a toast. (Used by the shell and
 * the palette only, so it is not part of a visitor's first page.)
 */
export function useSignOutAction(): () => Promise<void> {
  // Present whenever someone is signed in (app/provider.tsx).
  const queryClient = useContext(QueryClientContext);
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      toaster.show({
        type: 'error',
        title: t('common:error'),
        description: t('profile.signOutFailed'),
      });
      return;
    }
    // The session query must not answer from the cache once the session is gone.
    await queryClient?.cancelQueries();
    queryClient?.clear();
    appStore.getState().markSignedOut();
    await navigate(paths.auth, { replace: true });
    // Signing out is not being sent away from a page: the next sign-in lands on its home.
    forgetReturnPath();
  }, [navigate, queryClient, t]);
}
