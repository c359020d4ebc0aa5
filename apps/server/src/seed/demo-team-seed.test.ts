import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../config/env';
import { runSeedSteps } from '../db/seed';
import { collectionStatuses, quoteStatuses, refillRequestStatuses } from '@portal/contract';
import {
  accounts,
  invitations,
  mailOutbox,
  refillProposals,
  registrationRequests,
  users,
  workItems,
} from '../db/schema';
import { startTestServer, type TestServer } from '../../test/test-server';
import { tokenOf } from '../../test/clock';
import { catalogSeedStep } from './catalog-seed';
import { demoAccountSeedStep } from './demo-account-seed';
import { demoProposalSeedStep } from './demo-proposal-seed';
import { demoRegistrationSeedStep } from './demo-registration-seed';
import { SECOND_DEMO_ACCOUNT_ID, demoStaffSeedStep, demoTeamSeedStep } from './demo-team-seed';
import { demoWorkSeedStep } from './demo-work-seed';
import { seedSteps } from './seed-steps';
import { seedSparePartTaxonomy, seedSpareParts } from './spare-parts-seed';

let server: TestServer;

/** A server with the demo account, its team and its inbox as seeded at `at`. */
async function serverSeededAt(at: Date): Promise<TestServer> {
  const seeded = await startTestServer();
  await runSeedSteps(seeded.database.db, [
    catalogSeedStep,
    demoAccountSeedStep(6),
    demoTeamSeedStep(),
    demoStaffSeedStep,
    demoRegistrationSeedStep,
  ]);
  await seedSparePartTaxonomy(seeded.database.db);
  await seedSpareParts(seeded.database.db, 3);
  await runSeedSteps(seeded.database.db, [demoWorkSeedStep(() => at)]);
  return seeded;
}

async function overdueReferences(seeded: TestServer, at: Date): Promise<string[]> {
  const items = await seeded.database.db.select().from(workItems);
  return items
    .filter((item) => item.dueAt !== null && item.dueAt < at)
    .map((item) => item.reference)
    .sort();
}

beforeAll(async () => {
  server = await serverSeededAt(now);
});

const now = new Date('2026-11-25T10:00:00Z');
afterAll(() => server.close());

describe('the demo team', () => {
  it('has a user in every role, a site-limited buyer, an open invitation and a second account', async () => {
    const rows = await server.database.db.select().from(users);
    const roles = rows.map((row) => row.role).sort();
    expect(roles).toEqual([
      'admin',
      'admin',
      'agent',
      'buyer',
      'buyer',
      'manager',
      'viewer',
      'viewer',
    ]);
    const limited = rows.find((row) => row.email === 'site-buyer@demo-industries.example');
    expect(limited?.siteIds).toHaveLength(1);
    expect(
      rows
        .filter((row) => row.role === 'agent' || row.role === 'manager')
        .map((row) => row.accountId),
    ).toEqual([null, null]);
    const [second] = await server.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, SECOND_DEMO_ACCOUNT_ID));
    expect(second?.name).toBe('Nordkabel GmbH');
    expect(await server.database.db.select().from(invitations)).toHaveLength(1);
    const pending = await server.database.db.select().from(registrationRequests);
    expect(pending).toMatchObject([{ company: 'Chantiers Martin', status: 'pending' }]);
  });

  it('signs a demo viewer in with the ordinary link, as a viewer of Demo Industries', async () => {
    await server.request('/api/users/signup', {
      json: { email: 'viewer@demo-industries.example' },
    });
    const [link] = await server.linksFor('viewer@demo-industries.example');
    const response = await server.request('/api/users/signin', {
      json: { hash: tokenOf(link!) },
    });
    expect(await response.json()).toMatchObject({ role: 'viewer', side: 'customer' });
  });

  it('seeds staff in dev only, and no demo data in prd', () => {
    const names = (env: Record<string, string>) =>
      seedSteps(loadSettings(env, { requireProductionServices: false })).map((step) => step.name);
    expect(names({ APP_ENV: 'dev' })).toEqual(
      expect.arrayContaining(['demo-team-v1', 'demo-staff-v1']),
    );
    expect(names({ APP_ENV: 'rec', HOST: '127.0.0.1' })).toContain('demo-team-v1');
    expect(names({ APP_ENV: 'rec', HOST: '127.0.0.1' })).not.toContain('demo-staff-v1');
    expect(names({ APP_ENV: 'dev', DEMO_DATA: 'false' })).toEqual([]);
  });

  it('fills the inbox with items in every state, some overdue, some unread', async () => {
    const items = await server.database.db.select().from(workItems);
    const states = (kind: string) =>
      new Set(items.filter((i) => i.kind === kind).map((i) => i.status));
    expect([...states('refill_request')].sort()).toEqual([...refillRequestStatuses].sort());
    expect([...states('quote')].sort()).toEqual([...quoteStatuses].sort());
    expect([...states('collection')].sort()).toEqual([...collectionStatuses].sort());
    expect(items.some((item) => item.dueAt !== null && item.dueAt < now)).toBe(true);
    expect(items.some((item) => item.lastCustomerMessageAt !== null)).toBe(true);
  });

  it('makes the same items overdue on any day: a weekend or a holiday does not change the inbox', async () => {
    const weekday = await overdueReferences(server, now);
    for (const at of [
      new Date('2026-11-28T10:00:00Z'), // a Saturday
      new Date('2026-11-30T07:00:00Z'), // a Monday morning
      new Date('2026-05-08T09:00:00Z'), // a holiday on a Friday
    ]) {
      const seeded = await serverSeededAt(at);
      try {
        expect(await overdueReferences(seeded, at), at.toISOString()).toEqual(weekday);
      } finally {
        await seeded.close();
      }
    }
  });

  it('opens a proposed refill or two on the demo account, telling nobody', async () => {
    await runSeedSteps(server.database.db, [demoProposalSeedStep(server.settings)]);
    const open = await server.database.db.select().from(refillProposals);
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(open.length).toBeLessThanOrEqual(2);
    expect(open.every((proposal) => proposal.status === 'open')).toBe(true);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'refill_proposal'));
    expect(mails).toEqual([]);
  });
});
