import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';

/** Pages a user who is not yet let into an account may open: their request, their own data. */
const openWhileWaiting = new Set<string>([paths.registration, paths.account]);

/**
 * A signed-in user of no account, or awaiting their admin's approval, is sent to the
 * registration page from every other page: it says what to do or what they wait for.
 */
export function StandingRedirect() {
  const me = useMe({ refetchOnMount: false });
  const { pathname } = useLocation();
  const standing = me.data?.standing;
  if (!standing || standing === 'member' || openWhileWaiting.has(pathname)) return null;
  return <Navigate to={paths.registration} replace />;
}
