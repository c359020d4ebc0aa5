import { asc, eq } from 'drizzle-orm';
import type { CustomerRole, StaffRole } from '@portal/contract';
import type { Database } from '../db/client';
import { DEMO_ACCOUNT_ID } from '../db/demo-account';
import type { SeedStep } from '../db/seed';
import {
  accounts,
  auditEvents,
  cableProducts,
  drumTypes,
  drums,
  invitations,
  readings,
  sites,
  users,
} from '../db/schema';
import { generateToken, hashToken } from '../services/auth/tokens';

/** The second demo account, so staff screens and "another account's ids" have something. */
export const SECOND_DEMO_ACCOUNT_ID = '00000000-0000-4000-8000-00000000de02';

const demoUsers: Array<{
  email: string;
  firstName: string;
  lastName: string;
  role: CustomerRole;
  /** Limited to the account's first site. */
  firstSiteOnly?: boolean;
  locale: 'fr' | 'en';
}> = [
  {
    email: 'admin@demo-industries.example',
    firstName: 'Alice',
    lastName: 'Martin',
    role: 'admin',
    locale: 'fr',
  },
  {
    email: 'buyer@demo-industries.example',
    firstName: 'Bruno',
    lastName: 'Petit',
    role: 'buyer',
    locale: 'fr',
  },
  {
    email: 'site-buyer@demo-industries.example',
    firstName: 'Sofia',
    lastName: 'Leroy',
    role: 'buyer',
    firstSiteOnly: true,
    locale: 'en',
  },
  {
    email: 'viewer@demo-industries.example',
    firstName: 'Victor',
    lastName: 'Roux',
    role: 'viewer',
    locale: 'en',
  },
];

/**
 * Demo Industries' team, one user per role (and a buyer limited to one site), an open
 * invitation, a few audit rows; and a second customer account, Nordkabel, with its admin, a
 * site and three drums. They sign in with the ordinary one-time link.
 */
export function demoTeamSeedStep(now: () => Date = () => new Date()): SeedStep {
  return {
    name: 'demo-team-v1',
    async run(db: Database) {
      const at = now();
      const [firstSite] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(eq(sites.accountId, DEMO_ACCOUNT_ID))
        .orderBy(asc(sites.name))
        .limit(1);
      if (!firstSite) throw new Error('the demo account must be seeded before its team');
      for (const user of demoUsers) {
        await db
          .insert(users)
          .values({
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            company: 'Demo Industries',
            locale: user.locale,
            accountId: DEMO_ACCOUNT_ID,
            role: user.role,
            siteIds: user.firstSiteOnly ? [firstSite.id] : null,
            createdAt: at,
          })
          .onConflictDoNothing();
      }
      await db.insert(invitations).values({
        accountId: DEMO_ACCOUNT_ID,
        email: 'new-colleague@demo-industries.example',
        role: 'buyer',
        locale: 'en',
        // A link nobody holds: the invitation shows on the team page, to resend or withdraw.
        tokenHash: hashToken(generateToken()),
        createdAt: at,
        sentAt: at,
        expiresAt: new Date(at.getTime() + 7 * 86_400_000),
      });
      await db.insert(auditEvents).values([
        {
          at,
          accountId: DEMO_ACCOUNT_ID,
          actorLabel: 'admin@demo-industries.example',
          action: 'member.invited',
          targetType: 'invitation',
          targetLabel: 'new-colleague@demo-industries.example',
          after: { role: 'buyer', siteIds: null },
        },
        {
          at,
          accountId: DEMO_ACCOUNT_ID,
          actorLabel: 'admin@demo-industries.example',
          action: 'member.role_changed',
          targetType: 'user',
          targetLabel: 'site-buyer@demo-industries.example',
          before: { role: 'viewer', siteIds: null },
          after: { role: 'buyer', siteIds: [firstSite.id] },
        },
      ]);

      await db.insert(accounts).values({ id: SECOND_DEMO_ACCOUNT_ID, name: 'Nordkabel GmbH' });
      const [site] = await db
        .insert(sites)
        .values({ accountId: SECOND_DEMO_ACCOUNT_ID, name: 'Werk Hamburg', city: 'Hamburg' })
        .returning({ id: sites.id });
      const [product] = await db.select({ id: cableProducts.id }).from(cableProducts).limit(1);
      const [drumType] = await db.select({ id: drumTypes.id }).from(drumTypes).limit(1);
      if (!site || !product || !drumType) throw new Error('the catalogue must be seeded first');
      const drumRows = await db
        .insert(drums)
        .values(
          [1, 2, 3].map((n) => ({
            accountId: SECOND_DEMO_ACCOUNT_ID,
            siteId: site.id,
            productId: product.id,
            drumTypeId: drumType.id,
            serial: `NK-${String(n).padStart(4, '0')}`,
            initialLengthM: 1000,
            installedOn: new Date(at.getTime() - 60 * 86_400_000).toISOString().slice(0, 10),
          })),
        )
        .returning({ id: drums.id });
      await db.insert(readings).values(
        drumRows.map((drum, index) => ({
          drumId: drum.id,
          readAt: new Date(at.getTime() - 86_400_000),
          remainingM: 900 - index * 350,
          source: 'sensor' as const,
        })),
      );
      await db
        .insert(users)
        .values({
          email: 'admin@nordkabel.example',
          firstName: 'Jonas',
          lastName: 'Weber',
          company: 'Nordkabel GmbH',
          locale: 'en',
          accountId: SECOND_DEMO_ACCOUNT_ID,
          role: 'admin',
          createdAt: at,
        })
        .onConflictDoNothing();
    },
  };
}

const demoStaff: Array<{ email: string; firstName: string; lastName: string; role: StaffRole }> = [
  { email: 'manager@provider.example', firstName: 'Marie', lastName: 'Durand', role: 'manager' },
  { email: 'agent@provider.example', firstName: 'Adam', lastName: 'Bernard', role: 'agent' },
];

/** A staff manager and an agent, in development only: no real portal starts with them. */
export const demoStaffSeedStep: SeedStep = {
  name: 'demo-staff-v1',
  async run(db: Database) {
    for (const person of demoStaff) {
      await db
        .insert(users)
        .values({ ...person, locale: 'fr', accountId: null })
        .onConflictDoNothing();
    }
  },
};
