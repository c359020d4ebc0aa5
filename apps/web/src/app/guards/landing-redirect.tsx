import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAbility } from '@/lib/ability';
import { landingPath } from '../landing';
import { forgetReturnPath, readReturnPath } from '../return-path';

/**
 * `/` for a signed-in user: where the landing rule sends them (the page they were sent away from
 * to sign in, or their home). Its own module, loaded with the signed-in screens: it needs CASL.
 */
export default function LandingRedirect() {
  const ability = useAbility();
  const path = landingPath(ability, readReturnPath());
  // Spent once landed: a later visit of `/` goes home.
  useEffect(forgetReturnPath, []);
  return <Navigate to={path} replace />;
}
