import { lazy, Suspense, useContext, useDeferredValue, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { FullPageSpinner } from '@portal/ui/spinner';
import { appStore, useAppStore } from '@/lib/app-store';
import type { Profile } from '@portal/contract';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { loadQueryClient } from '@/lib/query-client-loader';
import { queryKeys } from '@/lib/query-keys';
import { useTranslation } from '@/lib/i18n';

const loadSessionQuery = () => import('./session-query');
const SessionQuery = lazy(loadSessionQuery);

/**
 * The full-page loader while the session check runs. The check runs only when there
 * may be a session: the server says in index.html whether the request carried a session cookie,
 * so a visitor's page asks nothing, loads no query code and logs no 401 (startSessionCheck). For
 * a signed-in user, SessionQuery keeps the store in step with the `profile` query.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // The session's answer and the query client come as urgent updates (stores), which would draw
  // the whole app below in one task; deferred, React draws it in a background render cut into
  // slices, the spinner in place meanwhile.
  const client = useDeferredValue(useContext(QueryClientContext));
  const isLoading = useDeferredValue(useAppStore((state) => state.isLoading));
  const isAuthenticated = useDeferredValue(useAppStore((state) => state.isAuthenticated));
  const isChecking = isLoading || isAuthenticated;
  return (
    <>
      {client && isChecking ? (
        <Suspense fallback={null}>
          <SessionQuery />
        </Suspense>
      ) : null}
      {isLoading || (isAuthenticated && !client) ? (
        <FullPageSpinner label={t('loading')} />
      ) : (
        children
      )}
    </>
  );
}

/**
 * Before the first render. Without a session cookie (the server's hint) the visitor is signed out
 * at once. Otherwise the session query's request starts now, with the query client's code loading
 * beside it, instead of after it: its answer is put in the cache under `profile`, where
 * SessionQuery and every later `useMe` find it.
 */
export function startSessionCheck(hasSession: boolean | undefined): void {
  const { markAuthenticated, markSignedOut } = appStore.getState();
  if (hasSession === false) {
    markSignedOut();
    return;
  }
  void loadSessionQuery().catch(() => undefined);
  const profile = apiRequest<Profile>('/users/me');
  Promise.all([profile, loadQueryClient()])
    .then(([me, queryClient]) => {
      queryClient.setQueryData(queryKeys.profile, me);
      const { id, email, firstName, lastName, company, rules } = me;
      markAuthenticated({ id, email, firstName, lastName, company }, rules);
    })
    // A 401 (or no answer at all): signed out, as when the session query fails; a
    // suspended user's old cookie goes to the page that says why (the server cleared it).
    .catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.body?.message === 'auth.suspended') {
        window.location.replace(paths.suspended);
      }
      markSignedOut();
    });
}
