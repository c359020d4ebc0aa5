import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import type { Language } from '@portal/contract';
import { appStore } from '@/lib/app-store';
import { consentStore } from '@/lib/consent-store';
import { queryKeys } from '@/lib/query-keys';
import { i18n } from '@/lib/i18n';

// A signed-in user's call: loaded with its first use, not with a visitor's first page.
const loadUpdateProfile = () => import('@/features/profile/api/update-profile');

/**
 * Switches the language: the translator keeps it in the `locale` cookie and storage entry, and
 * a signed-in user's profile keeps it for the e-mails. A failed PATCH is not worth
 * interrupting the user for: the interface has switched anyway.
 */
export function useSwitchLanguage(): (language: Language) => void {
  const queryClient = useContext(QueryClientContext);
  return useCallback(
    (language: Language) => {
      void i18n.changeLanguage(language);
      if (!appStore.getState().isAuthenticated) return;
      loadUpdateProfile()
        .then(({ updateProfile }) => updateProfile({ locale: language }))
        .then((profile) => queryClient?.setQueryData(queryKeys.profile, profile))
        .catch(() => undefined);
    },
    [queryClient],
  );
}

/** Invalidates the analytics consent: the pop-up shows again. */
export function invalidateConsent(): void {
  consentStore.getState().invalidate();
}
