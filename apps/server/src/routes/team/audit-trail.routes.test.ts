import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList } from '@portal/contract';
import { migrationsFolder } from '../../db/migrate';
import {
  accounts,
  auditEvents,
  invitations,
  mailOutbox,
  rateLimitHits,
  sites,
  users,
} from '../../db/schema';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createCustomer, signIn, type Customer } from '../../../test/reliability/fixtures';

/**
 * What the audit trail keeps, over HTTP: the provider's internal notes never reach it (only that
 * they changed); every security-relevant change of an account is in it (webhook endpoints
 * beside API keys, devices and members' scope); and a person who erases themselves leaves no
 * address in it, in its CSV, nor in the invitations and mails that named them.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let admin: Customer;
let manager: string;

/** Each call a second later than the one before, so the trail's order is the calls'. */
const as = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) => {
  time.advance(1);
  return server.request(path, { ...init, headers: { cookie } });
};

async function customerTrail(cookie = admin.cookie): Promise<AuditList['events']> {
  const response = await as(cookie, '/api/team/audit?limit=100');
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditList).events;
}

async function customerTrailCsv(cookie = admin.cookie): Promise<string> {
  const response = await as(cookie, '/api/exports/audit?format=csv');
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  admin = await createCustomer(server, 'trailco');
  manager = await signIn(server, 'boss@provider.example');
  await server.database.db
    .update(users)
    .set({ role: 'manager' })
    .where(eq(users.email, 'boss@provider.example'));
});
afterAll(() => server.close());

describe('the provider’s internal notes on an account', () => {
  it('never enter the trail the customer reads (JSON or CSV): the row says the notes changed', async () => {
    const secret = 'customer is late payer, call before any delivery';
    const saved = await as(manager, `/api/backoffice/accounts/${admin.accountId}`, {
      method: 'PUT',
      json: { name: 'trailco Ltd', verifiedDomains: [], notes: secret },
    });
    expect(saved.status).toBe(204);
    const renamed = await as(manager, `/api/backoffice/accounts/${admin.accountId}`, {
      method: 'PUT',
      json: { name: 'Trailco Group', verifiedDomains: [], notes: secret },
    });
    expect(renamed.status).toBe(204);

    const events = await customerTrail();
    expect(JSON.stringify(events)).not.toContain('late payer');
    expect(await customerTrailCsv()).not.toContain('late payer');
    const updates = events.filter((event) => event.action === 'account.updated');
    expect(updates.map((event) => event.after)).toEqual([
      { name: 'Trailco Group', verifiedDomains: [] },
      { name: 'trailco Ltd', verifiedDomains: [], notesChanged: true },
    ]);

    // The staff's trail reads the same row: it says what changed, not the private content.
    const staff = await as(
      manager,
      `/api/backoffice/accounts/audit?accountId=${admin.accountId}&action=account.updated`,
    );
    expect(JSON.stringify(await staff.json())).not.toContain('late payer');
    // Staff read the notes where they are kept: on the account.
    const detail = await as(manager, `/api/backoffice/accounts/${admin.accountId}`);
    expect(((await detail.json()) as { notes: string }).notes).toBe(secret);
  });
});

describe('audit rows written before the notes were kept out', () => {
  it('lose the notes’ content and keep the fact that they changed (migration 0020)', async () => {
    const db = server.database.db;
    const row = (before: Record<string, unknown> | null, after: Record<string, unknown>) => ({
      at: time.clock(),
      accountId: admin.accountId,
      actorLabel: 'boss@provider.example',
      action: before ? 'account.updated' : 'account.created',
      targetType: 'account',
      targetLabel: 'trailco Ltd',
      before,
      after,
    });
    const written = await db
      .insert(auditEvents)
      .values([
        row(null, { name: 'A', verifiedDomains: [], notes: 'slow payer' }),
        row(null, { name: 'A', verifiedDomains: [], notes: null }),
        row({ name: 'A', notes: 'slow payer' }, { name: 'B', notes: 'slow payer' }),
        row({ name: 'B', notes: 'slow payer' }, { name: 'B', notes: 'pays late' }),
      ])
      .returning({ id: auditEvents.id });
    const migration = readFileSync(
      join(migrationsFolder, '0020_audit_without_account_notes.sql'),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    const rows = await Promise.all(
      written.map(async ({ id }) => {
        const [event] = await db
          .select({ before: auditEvents.before, after: auditEvents.after })
          .from(auditEvents)
          .where(eq(auditEvents.id, id));
        return event;
      }),
    );
    expect(rows).toEqual([
      { before: null, after: { name: 'A', verifiedDomains: [], notesChanged: true } },
      { before: null, after: { name: 'A', verifiedDomains: [] } },
      { before: { name: 'A' }, after: { name: 'B' } },
      { before: { name: 'B' }, after: { name: 'B', notesChanged: true } },
    ]);
    await db
      .delete(auditEvents)
      .where(sql`${auditEvents.id} in ${written.map((event) => event.id)}`);
  });
});

describe('security-relevant changes in the account’s trail', () => {
  it('records a webhook endpoint’s creation, address change, secret rotation and deletion', async () => {
    const created = await as(admin.cookie, '/api/integration/webhooks', {
      json: { url: 'https://receiver.example/hooks', events: ['drum.low'] },
    });
    expect(created.status).toBe(201);
    const { endpoint, secret } = (await created.json()) as {
      endpoint: { id: string };
      secret: string;
    };
    const moved = await as(admin.cookie, `/api/integration/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      json: { url: 'https://elsewhere.example/hooks', events: ['drum.low', 'drum.critical'] },
    });
    expect(moved.status).toBe(200);
    const disabled = await as(admin.cookie, `/api/integration/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      json: { isEnabled: false },
    });
    expect(disabled.status).toBe(200);
    const rotated = await as(
      admin.cookie,
      `/api/integration/webhooks/${endpoint.id}/rotate-secret`,
      { json: {} },
    );
    expect(rotated.status).toBe(200);
    const newSecret = ((await rotated.json()) as { secret: string }).secret;
    const deleted = await as(admin.cookie, `/api/integration/webhooks/${endpoint.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);

    const events = (await customerTrail()).filter((event) =>
      event.action.startsWith('integration.webhook_'),
    );
    expect(
      events.map(({ action, actor, target, before, after }) => ({
        action,
        actor,
        target,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'integration.webhook_deleted',
        actor: admin.email,
        target: 'https://elsewhere.example/hooks',
        before: { url: 'https://elsewhere.example/hooks', events: ['drum.low', 'drum.critical'] },
        after: null,
      },
      {
        action: 'integration.webhook_secret_rotated',
        actor: admin.email,
        target: 'https://elsewhere.example/hooks',
        before: null,
        after: null,
      },
      {
        action: 'integration.webhook_updated',
        actor: admin.email,
        target: 'https://elsewhere.example/hooks',
        before: { isEnabled: true },
        after: { isEnabled: false },
      },
      {
        action: 'integration.webhook_updated',
        actor: admin.email,
        target: 'https://elsewhere.example/hooks',
        before: { url: 'https://receiver.example/hooks', events: ['drum.low'] },
        after: { url: 'https://elsewhere.example/hooks', events: ['drum.low', 'drum.critical'] },
      },
      {
        action: 'integration.webhook_created',
        actor: admin.email,
        target: 'https://receiver.example/hooks',
        before: null,
        after: { url: 'https://receiver.example/hooks', events: ['drum.low'] },
      },
    ]);
    // A secret is a credential: the trail says it changed, never what it is.
    const all = JSON.stringify(await customerTrail()) + (await customerTrailCsv());
    expect(all).not.toContain(secret);
    expect(all).not.toContain(newSecret);
  });

  it('records a device mapped to a drum, a member’s scope and the alert recipients, before and after', async () => {
    const mapped = await as(admin.cookie, `/api/integration/drums/${admin.drumIds[0]}/device`, {
      method: 'PUT',
      json: { devEui: '70B3D57ED0000001' },
    });
    expect(mapped.status).toBe(200);
    const [member] = await server.database.db
      .insert(users)
      .values({
        email: 'scoped@trailco.example',
        firstName: 'Sam',
        lastName: 'Scope',
        accountId: admin.accountId,
        role: 'buyer',
      })
      .returning({ id: users.id });
    const scoped = await as(admin.cookie, `/api/team/members/${member!.id}`, {
      method: 'PATCH',
      json: { role: 'buyer', siteIds: [admin.siteId] },
    });
    expect(scoped.status).toBe(200);
    const alerts = await as(admin.cookie, '/api/refill/alerts', {
      method: 'PUT',
      json: {
        thresholdPct: 20,
        criticalPct: 10,
        emailEnabled: true,
        recipients: ['Ops@Outside.example'],
      },
    });
    expect(alerts.status).toBe(200);

    const events = await customerTrail();
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'integration.device_mapped',
        before: { devEui: null },
        after: { devEui: '70B3D57ED0000001' },
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'member.role_changed',
        target: 'scoped@trailco.example',
        targetName: 'Sam Scope',
        before: { role: 'buyer', siteIds: null },
        after: { role: 'buyer', siteIds: [admin.siteId] },
        // The trail names the sites as they are called when it is read.
        names: { [admin.siteId]: 'trailco site' },
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'account.alert_recipients_changed',
        actor: admin.email,
        before: { recipients: [] },
        after: { recipients: ['ops@outside.example'] },
      }),
    );
  });
});

describe('the names a trail gives ids', () => {
  it('never names another account’s site or account on a customer’s trail', async () => {
    const db = server.database.db;
    const [other] = await db
      .insert(accounts)
      .values({ name: 'Secret Rival Ltd' })
      .returning({ id: accounts.id });
    const [otherSite] = await db
      .insert(sites)
      .values({ accountId: other!.id, name: 'Rival hidden depot', city: 'Nantes' })
      .returning({ id: sites.id });
    await db.insert(auditEvents).values({
      at: time.clock(),
      accountId: admin.accountId,
      actorLabel: admin.email,
      action: 'member.joined',
      targetType: 'user',
      targetLabel: 'mover@trailco.example',
      before: { accountId: other!.id, siteIds: [otherSite!.id] },
      after: { role: 'buyer', siteIds: [admin.siteId] },
    });
    const events = await customerTrail();
    const joined = events.find((event) => event.target === 'mover@trailco.example');
    expect(joined?.names).toEqual({ [admin.siteId]: 'trailco site' });
    expect(JSON.stringify(events)).not.toContain('Rival');
  });
});

describe('erasure', () => {
  it('leaves no trace of the address in the trail (JSON and CSV), the invitations or the mails', async () => {
    const address = 'leaving.person@outside.example';
    const invited = await as(admin.cookie, '/api/team/invitations', {
      json: { email: address, role: 'buyer', locale: 'en' },
    });
    expect(invited.status).toBe(201);
    const invitationId = ((await invited.json()) as { id: string }).id;
    const resent = await as(admin.cookie, `/api/team/invitations/${invitationId}/resend`, {
      json: {},
    });
    expect(resent.status).toBe(200);
    const [mail] = await server.database.db
      .select({ link: mailOutbox.link })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, address))
      .orderBy(sql`${mailOutbox.createdAt} desc`);
    const accepted = await server.request('/api/invitations/accept', {
      json: { token: tokenOf(mail!.link!) },
    });
    expect(accepted.status).toBe(200);
    const cookie = sessionCookie(accepted);
    expect(JSON.stringify(await customerTrail())).toContain(address);
    const alerts = await as(admin.cookie, '/api/refill/alerts', {
      method: 'PUT',
      json: { thresholdPct: 20, criticalPct: 10, emailEnabled: true, recipients: [address] },
    });
    expect(alerts.status).toBe(200);

    // Before they joined, they had asked to register (the provider's own trail keeps that).
    const [person] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, address));
    await server.database.db.insert(auditEvents).values({
      at: time.clock(),
      accountId: null,
      actorUserId: person!.id,
      actorLabel: address,
      action: 'registration.requested',
      targetType: 'registration',
      targetLabel: 'Outside Co',
      after: { company: 'Outside Co', site: 'Brest', phone: '+33 6 12 34 56 78' },
    });
    const erased = await as(cookie, '/api/users/me', { method: 'DELETE' });
    expect(erased.status).toBe(204);

    const events = await customerTrail();
    expect(JSON.stringify(events)).not.toContain(address);
    expect(await customerTrailCsv()).not.toContain(address);
    expect(events.find((event) => event.action === 'member.invited')).toMatchObject({
      target: 'former user',
    });
    const staff = await as(manager, `/api/backoffice/accounts/audit?accountId=${admin.accountId}`);
    expect(JSON.stringify(await staff.json())).not.toContain(address);
    const provider = JSON.stringify(
      await (
        await as(manager, '/api/backoffice/accounts/audit?action=registration.requested')
      ).json(),
    );
    expect(provider).toContain('Outside Co');
    expect(provider).not.toContain(address);
    expect(provider).not.toContain('+33 6 12 34 56 78');
    const db = server.database.db;
    expect(await db.select().from(invitations).where(eq(invitations.email, address))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).toEqual([]);
    const buckets = await db.select({ bucket: rateLimitHits.bucket }).from(rateLimitHits);
    expect(JSON.stringify(buckets)).not.toContain(address);
    const settings = (await (await as(admin.cookie, '/api/refill/alerts')).json()) as {
      recipients: string[];
    };
    expect(settings.recipients).toEqual([]);
  });
});
