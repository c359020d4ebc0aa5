import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAbility, type Action, type Subject } from '@/lib/ability';

/**
 * A screen that needs `action` on `subject`; otherwise the not-authorized page.
 * Its own module, loaded with the signed-in screens: CASL is not part of a visitor's first page.
 */
export default function RequireAbility({
  action,
  subject,
  children,
}: {
  action: Action;
  subject: Subject;
  children: ReactNode;
}) {
  const ability = useAbility();
  if (ability.cannot(action, subject)) return <Navigate to={paths.notAuthorized} replace />;
  return children;
}
