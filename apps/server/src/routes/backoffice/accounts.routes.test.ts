import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  cableProducts,
  drums,
  drumTypes,
  equipmentModels,
  installedEquipment,
  mailOutbox,
  users,
} from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  createCustomer,
  databaseFingerprint,
  signIn,
  type Customer,
} from '../../../test/reliability/fixtures';

/**
 * Onboarding over HTTP, on the provider's side: a manager creates an account, its sites, drums
 * and equipment, imports a CSV file (dry run, then apply), suspends the account; bad input gets
 * its own code; customers and agents are refused; every change is in the audit trail.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let customer: Customer;
let manager: string;
let agent: string;
let drumType: string;
let cable: string;
let model: string;

async function staff(email: string, role: 'manager' | 'agent') {
  const cookie = await signIn(server, email);
  await server.database.db.update(users).set({ role }).where(eq(users.email, email));
  return cookie;
}

/** Each call a second later than the one before, so the audit trail's order is the calls'. */
const as = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) => {
  time.advance(1);
  return server.request(path, { ...init, headers: { cookie } });
};

const codeOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

async function newAccount(name: string): Promise<string> {
  const response = await as(manager, '/api/backoffice/accounts', {
    json: { name, verifiedDomains: ['Acme.example'] },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function newSite(accountId: string, name: string): Promise<string> {
  const response = await as(manager, `/api/backoffice/accounts/${accountId}/sites`, {
    json: { name, city: 'Lyon', address: '1 rue du Port', deliveryInstructions: 'Gate 3' },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const drumBody = (siteId: string, serial = 'NEW-1') => ({
  serial,
  drumType,
  cableReference: cable,
  initialLength: 1200,
  siteId,
  deliveredOn: '2026-11-01',
});

beforeAll(async () => {
  // Without the demo: sign-ups join by verified domain or ask to be registered, as in prd.
  server = await startTestServer({ clock: time.clock, env: { DEMO_DATA: 'false' } });
  customer = await createCustomer(server, 'onbco');
  manager = await staff('boss@provider.example', 'manager');
  agent = await staff('agent@provider.example', 'agent');
  const db = server.database.db;
  drumType = (await db.select().from(drumTypes).limit(1))[0]!.code;
  cable = (await db.select().from(cableProducts).limit(1))[0]!.reference;
  model = (await db.select().from(equipmentModels).limit(1))[0]!.code;
});
afterAll(() => server.close());

describe('accounts, sites, drums and equipment', () => {
  it('creates an account with a site, a drum and a machine; the account page shows them all', async () => {
    const accountId = await newAccount('Acme Cables');
    const siteId = await newSite(accountId, 'Port');
    const drum = await as(manager, `/api/backoffice/accounts/${accountId}/drums`, {
      json: drumBody(siteId),
    });
    expect(drum.status).toBe(201);
    const unit = await as(manager, `/api/backoffice/accounts/${accountId}/equipment`, {
      json: { serial: 'PULL-1', model, siteId },
    });
    expect(unit.status).toBe(201);

    const detail = await as(agent, `/api/backoffice/accounts/${accountId}`);
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({
      name: 'Acme Cables',
      verifiedDomains: ['acme.example'],
      suspended: false,
      sites: [{ name: 'Port', address: '1 rue du Port', deliveryInstructions: 'Gate 3' }],
      drums: [{ serial: 'NEW-1', drumType, cableReference: cable, initialLength: 1200, siteId }],
      equipment: [{ serial: 'PULL-1', model, siteId }],
    });

    const invited = await as(manager, `/api/backoffice/accounts/${accountId}/invitations`, {
      json: { email: 'first@acme.example', role: 'admin', locale: 'fr' },
    });
    expect(invited.status).toBe(201);
    const [mail] = await server.database.db
      .select({ link: mailOutbox.link, locale: mailOutbox.locale })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'first@acme.example'));
    expect(mail).toMatchObject({ locale: 'fr', link: expect.stringMatching(/\/invitation\//) });

    const list = await as(agent, '/api/backoffice/accounts?search=acme');
    expect(await list.json()).toMatchObject({
      accounts: [{ id: accountId, sites: 1, drums: 1, users: 0 }],
      nextOffset: null,
    });
  });

  it('edits an account, a site and a drum, each change in the audit trail with before and after', async () => {
    const accountId = await newAccount('Edit Co');
    const siteId = await newSite(accountId, 'North');
    const drumId = (
      (await (
        await as(manager, `/api/backoffice/accounts/${accountId}/drums`, {
          json: drumBody(siteId, 'ED-1'),
        })
      ).json()) as { id: string }
    ).id;
    expect(
      (
        await as(manager, `/api/backoffice/accounts/${accountId}`, {
          method: 'PUT',
          json: { name: 'Edit Company', verifiedDomains: [] },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await as(manager, `/api/backoffice/accounts/${accountId}/drums/${drumId}`, {
          method: 'PUT',
          json: { ...drumBody(siteId, 'ED-1'), initialLength: 900 },
        })
      ).status,
    ).toBe(200);

    const audit = await as(manager, `/api/backoffice/accounts/audit?accountId=${accountId}`);
    const { events } = (await audit.json()) as {
      events: Array<{ action: string; before: unknown; after: unknown; accountId: string }>;
    };
    expect(events.map((event) => event.action)).toEqual([
      'drum.updated',
      'account.updated',
      'drum.created',
      'site.created',
      'account.created',
    ]);
    expect(events[0]).toMatchObject({
      accountId,
      before: { initialLength: 1200 },
      after: { initialLength: 900 },
    });
    const filtered = await as(
      manager,
      '/api/backoffice/accounts/audit?action=account.updated&limit=1',
    );
    expect(await filtered.json()).toMatchObject({
      events: [{ action: 'account.updated', after: { name: 'Edit Company' } }],
    });
  });

  it('refuses a duplicate serial, an unknown site and another account’s ids, each with its code, writing nothing', async () => {
    const accountId = await newAccount('Strict Co');
    const siteId = await newSite(accountId, 'Main');
    await as(manager, `/api/backoffice/accounts/${accountId}/drums`, { json: drumBody(siteId) });
    const before = await databaseFingerprint(server.database.db);

    const duplicate = await as(manager, `/api/backoffice/accounts/${accountId}/drums`, {
      json: drumBody(siteId),
    });
    expect([duplicate.status, await codeOf(duplicate)]).toEqual([
      409,
      'onboarding.duplicate_serial',
    ]);
    const otherSite = await as(manager, `/api/backoffice/accounts/${accountId}/drums`, {
      json: drumBody(customer.siteId, 'NEW-2'),
    });
    expect([otherSite.status, await codeOf(otherSite)]).toEqual([400, 'onboarding.unknown_site']);
    const badType = await as(manager, `/api/backoffice/accounts/${accountId}/drums`, {
      json: { ...drumBody(siteId, 'NEW-3'), drumType: 'NOPE' },
    });
    expect(await codeOf(badType)).toBe('onboarding.unknown_drum_type');
    const otherDrum = await as(
      manager,
      `/api/backoffice/accounts/${accountId}/drums/${customer.drumIds[0]}`,
      { method: 'PUT', json: drumBody(siteId, 'NEW-4') },
    );
    expect([otherDrum.status, await codeOf(otherDrum)]).toEqual([404, 'request.not_found']);
    const otherUnit = await as(
      manager,
      `/api/backoffice/accounts/${accountId}/equipment/${customer.equipmentIds[0]}`,
      { method: 'PUT', json: { serial: 'X', model, siteId } },
    );
    expect(otherUnit.status).toBe(404);
    const missing = await as(manager, `/api/backoffice/accounts/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    const invalid = await as(manager, `/api/backoffice/accounts/${accountId}/drums`, {
      json: { ...drumBody(siteId, 'NEW-5'), initialLength: -3 },
    });
    expect(invalid.status).toBe(400);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('refuses customers (403) and lets an agent read but not write (403)', async () => {
    expect((await as(customer.cookie, '/api/backoffice/accounts')).status).toBe(403);
    expect((await server.request('/api/backoffice/accounts')).status).toBe(401);
    const write = await as(agent, '/api/backoffice/accounts', { json: { name: 'Nope' } });
    expect([write.status, await codeOf(write)]).toEqual([403, 'auth.forbidden']);
  });
});

describe('suspending an account', () => {
  it('ends all its users’ sessions at once; their old cookie is answered auth.suspended; lifting lets them sign in again', async () => {
    const victim = await createCustomer(server, 'suspco');
    expect((await as(victim.cookie, '/api/users/me')).status).toBe(200);
    const suspended = await as(manager, `/api/backoffice/accounts/${victim.accountId}/suspend`, {
      json: {},
    });
    expect(suspended.status).toBe(204);
    const after = await as(victim.cookie, '/api/users/me');
    expect([after.status, await codeOf(after)]).toEqual([401, 'auth.suspended']);
    const lifted = await as(manager, `/api/backoffice/accounts/${victim.accountId}/unsuspend`, {
      json: {},
    });
    expect(lifted.status).toBe(204);
    time.advance(120); // past the one sign-in mail a minute per address
    expect((await as(await signIn(server, victim.email), '/api/users/me')).status).toBe(200);
    const trail = await server.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.accountId, victim.accountId));
    expect(trail.map((row) => row.action).sort()).toEqual([
      'account.suspended',
      'account.unsuspended',
    ]);
  });
});

describe('CSV import', () => {
  const drumsCsv = (siteName: string) =>
    [
      '\uFEFFserial;drum_type;cable_reference;initial_length_m;site;delivered_on',
      `CSV-1;${drumType};${cable};1 000,5;${siteName};20/11/2026`,
      `"CSV-2";${drumType};${cable};800;${siteName};2026-11-21`,
      `CSV-3;${drumType};${cable};abc;${siteName};2026-11-21`,
      `CSV-4;${drumType};${cable};500;Nowhere;2026-11-21`,
      `CSV-5;${drumType};${cable};500`,
      `CSV-1;${drumType};${cable};700;${siteName};2026-11-21`,
      `EXIST-1;${drumType};${cable};650;${siteName};2026-11-22`,
      `CSV-6;NOPE;${cable};500;${siteName};2026-13-01`,
      `${'L'.repeat(65)};${drumType};${cable};500;${siteName};2026-11-21`,
    ].join('\r\n');

  it('reports each row in a dry run (create, update, reject with the reason and the row), then applies the valid rows in one go', async () => {
    const accountId = await newAccount('Import Co');
    const siteId = await newSite(accountId, 'Quai; Nord');
    await as(manager, `/api/backoffice/accounts/${accountId}/drums`, {
      json: drumBody(siteId, 'EXIST-1'),
    });
    const before = await databaseFingerprint(server.database.db);
    const dry = await as(manager, `/api/backoffice/accounts/${accountId}/import`, {
      json: { kind: 'drums', csv: drumsCsv('"Quai; Nord"'), apply: false },
    });
    expect(dry.status).toBe(200);
    const report = (await dry.json()) as { rows: unknown[] };
    expect(report).toMatchObject({ applied: false, created: 2, updated: 1, rejected: 6 });
    expect(report.rows).toEqual([
      { line: 2, serial: 'CSV-1', outcome: 'create', reason: null, column: null },
      { line: 3, serial: 'CSV-2', outcome: 'create', reason: null, column: null },
      {
        line: 4,
        serial: 'CSV-3',
        outcome: 'reject',
        reason: 'invalid_number',
        column: 'initial_length_m',
      },
      { line: 5, serial: 'CSV-4', outcome: 'reject', reason: 'unknown_site', column: 'site' },
      { line: 6, serial: null, outcome: 'reject', reason: 'malformed_row', column: null },
      {
        line: 7,
        serial: 'CSV-1',
        outcome: 'reject',
        reason: 'duplicate_in_file',
        column: 'serial',
      },
      { line: 8, serial: 'EXIST-1', outcome: 'update', reason: null, column: null },
      {
        line: 9,
        serial: 'CSV-6',
        outcome: 'reject',
        reason: 'invalid_date',
        column: 'delivered_on',
      },
      { line: 10, serial: 'L'.repeat(65), outcome: 'reject', reason: 'too_long', column: 'serial' },
    ]);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);

    const applied = await as(manager, `/api/backoffice/accounts/${accountId}/import`, {
      json: { kind: 'drums', csv: drumsCsv('"Quai; Nord"'), apply: true },
    });
    expect(await applied.json()).toMatchObject({ applied: true, created: 2, updated: 1 });
    const rows = await server.database.db
      .select({ serial: drums.serial, length: drums.initialLengthM, on: drums.installedOn })
      .from(drums)
      .where(eq(drums.accountId, accountId))
      .orderBy(drums.serial);
    expect(rows).toEqual([
      { serial: 'CSV-1', length: 1000.5, on: '2026-11-20' },
      { serial: 'CSV-2', length: 800, on: '2026-11-21' },
      { serial: 'EXIST-1', length: 650, on: '2026-11-22' },
    ]);
  });

  it('reads comma-separated equipment with quoted line breaks; refuses a file without the columns', async () => {
    const accountId = await newAccount('Comma Co');
    await newSite(accountId, 'Dock A');
    const csv = `serial,model,site\n"EQ-1",${model},"Dock\nA"\nEQ-2,${model},Dock A\n`;
    const response = await as(manager, `/api/backoffice/accounts/${accountId}/import`, {
      json: { kind: 'equipment', csv, apply: true },
    });
    expect(await response.json()).toMatchObject({ created: 2, rejected: 0 });
    const serials = await server.database.db
      .select({ serial: installedEquipment.serial })
      .from(installedEquipment)
      .where(eq(installedEquipment.accountId, accountId));
    expect(serials.map((row) => row.serial).sort()).toEqual(['EQ-1', 'EQ-2']);

    const headless = await as(manager, `/api/backoffice/accounts/${accountId}/import`, {
      json: { kind: 'drums', csv: 'serial;site\nA;B', apply: false },
    });
    expect([headless.status, await codeOf(headless)]).toEqual([400, 'onboarding.csv_unreadable']);
  });
});

describe('sign-up outside the demo, and registration requests', () => {
  it('joins an account by its verified domain, once the link is opened, as a viewer who sees nothing until its admin approves', async () => {
    const accountId = await newAccount('Domain Co');
    await as(manager, `/api/backoffice/accounts/${accountId}`, {
      method: 'PUT',
      json: { name: 'Domain Co', verifiedDomains: ['domainco.example'] },
    });
    const admin = await createCustomer(server, 'domainadmin');
    await server.database.db.update(users).set({ accountId }).where(eq(users.id, admin.userId));
    // A sign-up proves nothing yet: only opening the mailed link does.
    await server.request('/api/users/signup', { json: { email: 'unproven@domainco.example' } });
    const [unproven] = await server.database.db
      .select({ accountId: users.accountId })
      .from(users)
      .where(eq(users.email, 'unproven@domainco.example'));
    expect(unproven).toEqual({ accountId: null });
    const cookie = await signIn(server, 'Newcomer@DomainCo.example');
    const [told] = await server.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, admin.email), eq(mailOutbox.kind, 'member_awaiting_approval')),
      );
    expect(told?.subject).toBe(
      'newcomer@domainco.example attend votre accord sur le portail de Domain Co',
    );
    expect(told?.text).toContain('/team');
    const me = await as(cookie, '/api/users/me');
    expect(await me.json()).toMatchObject({
      role: 'viewer',
      standing: 'awaiting_approval',
      rules: [],
    });
    expect((await as(cookie, '/api/refill/drums')).status).toBe(403);
    expect(await (await as(cookie, '/api/registration')).json()).toEqual({
      status: 'awaiting_admin',
      reason: null,
    });

    const team = (await (await as(admin.cookie, '/api/team')).json()) as {
      members: Array<{ id: string; email: string; pendingApproval: boolean }>;
    };
    const newcomer = team.members.find((member) => member.email === 'newcomer@domainco.example')!;
    expect(newcomer.pendingApproval).toBe(true);
    const approved = await as(admin.cookie, `/api/team/members/${newcomer.id}/approve`, {
      json: {},
    });
    expect(approved.status).toBe(204);
    expect((await as(cookie, '/api/refill/drums')).status).toBe(200);
  });

  it('turns any other sign-up into a request staff approve into a new account, or reject with a reason; the user is mailed', async () => {
    const cookie = await signIn(server, 'stranger@nowhere.example');
    expect(await (await as(cookie, '/api/registration')).json()).toEqual({
      status: 'none',
      reason: null,
    });
    const sent = await as(cookie, '/api/registration', {
      json: { company: 'Stranger SA', site: 'Quai 9', phone: '+33 6 12 34 56 78' },
    });
    expect(await sent.json()).toEqual({ status: 'pending', reason: null });
    const list = (await (await as(agent, '/api/backoffice/registrations')).json()) as {
      registrations: Array<{ id: string; email: string; company: string }>;
    };
    const request = list.registrations.find((item) => item.email === 'stranger@nowhere.example')!;
    expect(request.company).toBe('Stranger SA');

    const byAgent = await as(agent, `/api/backoffice/registrations/${request.id}/approve`, {
      json: { newAccountName: 'Stranger SA' },
    });
    expect(byAgent.status).toBe(403);
    const approved = await as(manager, `/api/backoffice/registrations/${request.id}/approve`, {
      json: { newAccountName: 'Stranger SA' },
    });
    expect(approved.status).toBe(200);
    expect(await (await as(cookie, '/api/users/me')).json()).toMatchObject({
      role: 'admin',
      standing: 'member',
    });
    const again = await as(manager, `/api/backoffice/registrations/${request.id}/reject`, {
      json: { reason: 'Too late' },
    });
    expect([again.status, await codeOf(again)]).toEqual([409, 'registration.already_decided']);

    const other = await signIn(server, 'other@nowhere.example');
    await as(other, '/api/registration', {
      json: { company: 'Other', site: 'Dock', phone: '0612345678' },
    });
    const pending = (await (await as(manager, '/api/backoffice/registrations')).json()) as {
      registrations: Array<{ id: string; email: string }>;
    };
    const second = pending.registrations.find((item) => item.email === 'other@nowhere.example')!;
    const rejected = await as(manager, `/api/backoffice/registrations/${second.id}/reject`, {
      json: { reason: 'Not one of our customers' },
    });
    expect(rejected.status).toBe(204);
    expect(await (await as(other, '/api/registration')).json()).toEqual({
      status: 'rejected',
      reason: 'Not one of our customers',
    });
    const mails = await server.database.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'registration_decision'));
    expect(mails).toEqual([
      expect.objectContaining({ to: 'stranger@nowhere.example' }),
      expect.objectContaining({
        to: 'other@nowhere.example',
        text: expect.stringContaining('Not one of our customers'),
      }),
    ]);
  });
});

describe('a manager adds staff', () => {
  const staffMail = async (to: string) =>
    server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'staff_added')));

  it('adds a new agent, told by mail in their language how to sign in; a role change sends none', async () => {
    const email = 'new-agent@provider.example';
    const added = await as(manager, '/api/backoffice/staff', {
      json: { email: 'New-Agent@provider.example', role: 'agent', locale: 'fr' },
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ email, role: 'agent', firstName: null });
    const [mail] = await staffMail(email);
    expect(mail?.subject).toBe('Vous faites désormais partie du personnel du portail client');
    expect(mail?.text).toContain('boss@provider.example vous a ajouté au personnel');
    expect(mail?.text).toContain('avec le rôle agent');
    expect(mail?.text).toContain(`${server.settings.publicUrl.origin}/auth`);

    const promoted = await as(manager, '/api/backoffice/staff', {
      json: { email, role: 'manager', locale: 'en' },
    });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ email, role: 'manager' });
    expect(await staffMail(email)).toHaveLength(1);
    const listed = (await (await as(manager, '/api/backoffice/staff')).json()) as {
      staff: Array<{ email: string; role: string }>;
    };
    expect(listed.staff).toContainEqual(expect.objectContaining({ email, role: 'manager' }));
    const [audit] = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'staff.added'), eq(auditEvents.targetLabel, email)));
    expect(audit).toBeDefined();
  });

  it("refuses a customer account's user, a customer role and an agent adding staff", async () => {
    const before = await databaseFingerprint(server.database.db);
    const customerUser = await as(manager, '/api/backoffice/staff', {
      json: { email: customer.email, role: 'agent', locale: 'en' },
    });
    expect(customerUser.status).toBe(409);
    expect(await codeOf(customerUser)).toBe('staff.customer_user');
    const customerRole = await as(manager, '/api/backoffice/staff', {
      json: { email: 'someone@provider.example', role: 'admin', locale: 'en' },
    });
    expect(customerRole.status).toBe(400);
    const byAgent = await as(agent, '/api/backoffice/staff', {
      json: { email: 'other@provider.example', role: 'agent', locale: 'en' },
    });
    expect(byAgent.status).toBe(403);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});
