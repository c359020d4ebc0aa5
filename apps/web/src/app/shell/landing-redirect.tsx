import { useEffect } from 'react';
import { Navigate, useMatch } from 'react-router';
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
  const isAtRoot = useMatch({ path: paths.root, end: true }) !== null;
  useEffect(() => {
    if (isAtRoot) forgetReturnPath();
  }, [isAtRoot]);
  if (!isAtRoot) return null;
  return <Navigate to={landingPath(ability, readReturnPath())} replace />;
}
