import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAbility } from '@/lib/ability';
import { forgetReturnPath, landingPath, readReturnPath } from '../landing';

/**
 * `/` for a signed-in user: where the landing rule sends them (the page they were sent away from
 * to sign in, or their home). Drawn by the shell, beside the standing redirect, so that it costs
 * a visitor's first page nothing.
 */
export function LandingRedirect() {
  const ability = useAbility();
  const { pathname, search } = useLocation();
  const isAtRoot = pathname === paths.root;
  const kept = readReturnPath();
  const target = isAtRoot ? landingPath(ability, kept) : null;
  useEffect(() => {
    if (kept === null) return;
    // The kept page is spent once the person stands on it, or dropped when the rule refuses it;
    // not on the way through `/`: a sign-in may pass through it twice (its own redirect and the
    // public page's), and the second pass must still find the page.
    if (`${pathname}${search}` === kept || (target !== null && target !== kept)) {
      forgetReturnPath();
    }
  }, [kept, pathname, search, target]);
  if (target === null) return null;
  return <Navigate to={target} replace />;
}
