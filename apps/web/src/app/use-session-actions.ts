import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import i18next from 'i18next';
import type { Language } from '@portal/contract';
import { paths } from '@/config/paths';
import { appStore } from '@/lib/app-store';
import { consentStore } from '@/lib/consent-store';
import { toaster } from '@/lib/toaster';
import { queryKeys } from '@/lib/query-keys';

// Signed-in actions: their API calls load with their first use, not with a visitor's first page.
const loadSignOut = () => import('@/features/profile/api/sign-out');
const loadUpdateProfile = () => import('@/features/profile/api/update-profile');

/**
 * Sign out (spec §2 profile menu): POST /users/signout, then forget every cached answer and go to
 * the auth page. A failure keeps the user where they are, with a toast.
 */
export function useSignOutAction(): () => Promise<void> {
  // Present whenever someone is signed in (app/provider.tsx); absent on a visitor's pages.
  const queryClient = useContext(QueryClientContext);
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  return useCallback(async () => {
    try {
      const { signOut } = await loadSignOut();
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
  }, [navigate, queryClient, t]);
}

/**
 * Switches the language: i18next caches it in the `locale` cookie and storage entry (spec §9), and
 * a signed-in user's profile keeps it for the e-mails (DESIGN §7). A failed PATCH is not worth
 * interrupting the user for: the interface has switched anyway.
 */
export function useSwitchLanguage(): (language: Language) => void {
  const queryClient = useContext(QueryClientContext);
  return useCallback(
    (language: Language) => {
      void i18next.changeLanguage(language);
      if (!appStore.getState().isAuthenticated) return;
      loadUpdateProfile()
        .then(({ updateProfile }) => updateProfile({ locale: language }))
        .then((profile) => queryClient?.setQueryData(queryKeys.profile, profile))
        .catch(() => undefined);
    },
    [queryClient],
  );
}

/** Invalidates the analytics consent: the pop-up shows again (spec §4). */
export function invalidateConsent(): void {
  consentStore.getState().invalidate();
}
