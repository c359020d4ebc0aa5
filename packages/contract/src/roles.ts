// No zod here: the SPA's entry chunk reads the roles' rules (see rules.ts).
import type { RawRule } from './rules';

/** A customer's roles, from the most to the least powerful. */
export const customerRoles = ['admin', 'buyer', 'viewer'] as const;
/** The provider's roles: an agent works the inbox; a manager also runs accounts and staff. */
export const staffRoles = ['agent', 'manager'] as const;
export const roles = [...customerRoles, ...staffRoles] as const;

export type CustomerRole = (typeof customerRoles)[number];
export type StaffRole = (typeof staffRoles)[number];
export type Role = (typeof roles)[number];
export type Side = 'customer' | 'staff';

export function sideOf(role: Role): Side {
  return (staffRoles as readonly string[]).includes(role) ? 'staff' : 'customer';
}

export function isCustomerRole(value: unknown): value is CustomerRole {
  return typeof value === 'string' && (customerRoles as readonly string[]).includes(value);
}

/**
 * The abilities, as CASL action and subject. `get` reads; `order` requests, orders, writes to
 * customer service and records readings; `update alerts` changes the alert settings; `manage
 * team` invites, changes and removes colleagues; `get audit` reads the account's audit trail;
 * `manage integration` runs the machines' API keys and LoRaWAN devices; `print labels` prints
 * the drums' QR-code labels (staff print any account's from the back-office).
 * Staff subjects (`backoffice`, `staff`, `accounts`) are only ever granted to staff, and the
 * server refuses them to a customer whatever their rules say.
 */
export const staffSubjects = ['backoffice', 'staff', 'accounts'] as const;

/**
 * The rules of a role. A customer role limited to some sites (`siteIds`) carries the limit as a
 * condition on the rows it reads and writes (`siteId` in the list); null means every site.
 */
export function rulesForRole(role: Role, siteIds: readonly string[] | null = null): RawRule[] {
  const onSites = siteIds ? { conditions: { siteId: { $in: [...siteIds] } } } : {};
  switch (role) {
    case 'viewer':
      return [
        { action: 'get', subject: 'refill', ...onSites },
        { action: 'get', subject: 'spareparts', ...onSites },
      ];
    case 'buyer':
      return [
        { action: ['get', 'order'], subject: 'refill', ...onSites },
        { action: ['get', 'order'], subject: 'spareparts', ...onSites },
      ];
    case 'admin':
      return [
        { action: ['get', 'order'], subject: 'refill', ...onSites },
        { action: ['get', 'order'], subject: 'spareparts', ...onSites },
        { action: 'update', subject: 'alerts' },
        { action: 'manage', subject: 'team' },
        { action: 'get', subject: 'audit' },
        { action: 'manage', subject: 'integration' },
        { action: 'print', subject: 'labels' },
      ];
    case 'agent':
      return [{ action: ['get', 'work'], subject: 'backoffice' }];
    case 'manager':
      return [
        { action: ['get', 'work'], subject: 'backoffice' },
        { action: 'manage', subject: 'staff' },
        { action: 'manage', subject: 'accounts' },
      ];
  }
}
