import type { StaffSsoSettings } from '../../../config/env';

/**
 * The staff role an ID token's claims grant: the claim (a string or a list of strings, such as
 * groups) read through the settings' mapping; several values: the most powerful role wins.
 * Undefined when nothing maps: the person has no access.
 */
export function staffRoleOf(
  claims: Record<string, unknown>,
  sso: Pick<StaffSsoSettings, 'roleClaim' | 'roles'>,
): 'agent' | 'manager' | undefined {
  const raw = claims[sso.roleClaim];
  const values = (Array.isArray(raw) ? raw : [raw]).filter(
    (value): value is string => typeof value === 'string',
  );
  const granted = values.map((value) => sso.roles[value]).filter(Boolean);
  if (granted.includes('manager')) return 'manager';
  if (granted.includes('agent')) return 'agent';
  return undefined;
}
