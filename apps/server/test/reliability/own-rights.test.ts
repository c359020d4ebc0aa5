import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@portal/contract';
import { users, webhookMessages } from '../../src/db/schema';
import { createFakeClock } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import {
  callMachine,
  createApiKey,
  createCustomer,
  createMember,
  createSiteWithDrum,
  databaseFingerprint,
  drumsReadBy,
  signInAsStaff,
  type Customer,
} from './fixtures';
import { fillPath, listOperations, type JsonSchema, type Operation } from './openapi-operations';
import {
  examples,
  placeholderResources,
  publicOperations,
  type Resources,
} from './operation-examples';

/**
 * Nobody raises their own rights, and no credential outranks its maker, on every operation the
 * router holds that changes a person's role or sites (its body names a `role` or `siteIds`) or
 * that creates a credential (its 201 answer carries a `key` or a `secret`):
 * - an admin limited to one site and a staff agent, each asking for the highest role of its side
 *   and every site, for themselves or for someone new, are refused 403 and nothing is written,
 *   while the person who holds that much is let through;
 * - a credential the site-limited admin makes sees only their site: a key reads only the drums
 *   the portal shows them, a webhook hears only their drums' events; once they are narrowed to
 *   no site, neither sees anything.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
const server: TestServer = await startTestServer({
  clock: time.clock,
  env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000', RATE_LIMIT_API_KEY_PER_MINUTE: '1000000' },
});
const operations = (await listOperations(server)).filter(
  (operation) => !publicOperations.has(operation.name) && !operation.bearer,
);

interface Person {
  name: string;
  id: string;
  email: string;
  cookie: string;
}

/** The JSON schema of each operation's 201 answer, from the portal's OpenAPI document. */
const createdAnswers = new Map<string, JsonSchema>();
{
  const document = (await (await server.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }
      >
    >;
  };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schema = operation.responses?.['201']?.content?.['application/json']?.schema;
      if (schema) createdAnswers.set(`${method.toUpperCase()} ${path}`, schema);
    }
  }
}

const bodyFields = (operation: Operation) => Object.keys(operation.body?.properties ?? {});
const rightsOperations = operations.filter((operation) =>
  bodyFields(operation).some((field) => field === 'role' || field === 'siteIds'),
);
const credentialOperations = operations.filter((operation) => {
  const fields = Object.keys(createdAnswers.get(operation.name)?.properties ?? {});
  return fields.includes('key') || fields.includes('secret');
});
const isStaffOperation = (operation: Operation) => operation.path.startsWith('/api/backoffice/');

let owner: Customer;
let north: { siteId: string; drumId: string };
let limitedAdmin: Person;
let northBuyer: Person;
let agent: Person;
let manager: Person;
let fresh = 0;
/** The owner's key that the rotating operation rotates: the new key is the caller's. */
let ownerKeyId: string;

/** The ids a request names: the account's own, the target member's, and shapes for the rest. */
const resourcesFor = (memberId: string): Resources =>
  placeholderResources({
    drumId: north.drumId,
    memberId,
    apiKeyId: ownerKeyId,
    spareAccountId: owner.accountId,
    spareSiteId: north.siteId,
  });

/** The highest role the operation's body may name, for the side it serves. */
function highestRole(operation: Operation): string {
  const allowed = operation.body?.properties?.role?.enum ?? [];
  const highest = ['admin', 'manager'].find((role) => allowed.includes(role));
  if (!highest)
    throw new Error(`${operation.name}: no admin nor manager role in ${allowed.join()}`);
  return highest;
}

/**
 * The operation asking for the most: the highest role, every site (no limit), every event and
 * scope, for
 * `target` — the caller themselves, or someone new (a narrower member, or a new address).
 */
function call(operation: Operation, caller: Person, target: 'self' | 'someone else') {
  const member = target === 'self' ? caller : northBuyer;
  const example = examples[operation.name] ?? {};
  const body = { ...(example.body?.(resourcesFor(member.id), owner) as object) } as Record<
    string,
    unknown
  >;
  const fields = bodyFields(operation);
  if (fields.includes('role')) body.role = highestRole(operation);
  if (fields.includes('siteIds')) body.siteIds = null;
  for (const field of ['events', 'scopes']) {
    if (fields.includes(field)) body[field] = operation.body?.properties?.[field]?.items?.enum;
  }
  if (fields.includes('email')) {
    body.email = target === 'self' ? caller.email : `someone-${++fresh}@example.com`;
  }
  const path = fillPath(operation.path, example.params?.(resourcesFor(member.id)) ?? {});
  return server.request(path, {
    method: operation.method,
    headers: { cookie: caller.cookie, ...example.headers?.() },
    json: body,
  });
}

async function expectRefused(
  operation: Operation,
  caller: Person,
  target: 'self' | 'someone else',
) {
  const before = await databaseFingerprint(server.database.db);
  const response = await call(operation, caller, target);
  const body: unknown = await response.json();
  const label = `${caller.name} on ${operation.name} for ${target}`;
  expect([response.status, isApiError(body) && body.message], label).toEqual([
    403,
    'auth.forbidden',
  ]);
  expect(await databaseFingerprint(server.database.db), label).toEqual(before);
}

const portalDrums = async (person: Person) =>
  (
    (await (
      await server.request('/api/refill/drums', { headers: { cookie: person.cookie } })
    ).json()) as {
      drums: Array<{ id: string }>;
    }
  ).drums
    .map((drum) => drum.id)
    .sort();

/** Takes every drum of the account below its critical threshold, then back up: events for each. */
async function alertEveryDrum(ownerKey: string) {
  for (const remainingLength of [1000, 10]) {
    time.advance(60);
    const response = await callMachine(server, ownerKey, 'POST', '/api/v1/readings', {
      readings: ['rights-1', 'rights-2', 'NORTH-1'].map((drumSerial) => ({
        drumSerial,
        remainingLength,
        measuredAt: time.clock().toISOString(),
      })),
    });
    expect(((await response.json()) as { accepted: number }).accepted).toBe(3);
  }
}

const heardDrums = async (endpointId: string) =>
  [
    ...new Set(
      (
        await server.database.db
          .select({ body: webhookMessages.body })
          .from(webhookMessages)
          .where(eq(webhookMessages.endpointId, endpointId))
      ).map((message) => (JSON.parse(message.body) as { data: { drumId: string } }).data.drumId),
    ),
  ].sort();

async function staffPerson(email: string, role: 'agent' | 'manager'): Promise<Person> {
  return { name: role, email, ...(await signInAsStaff(server, email, role)) };
}

beforeAll(async () => {
  owner = await createCustomer(server, 'rights');
  north = await createSiteWithDrum(server, owner, { name: 'North depot', serial: 'NORTH-1' });
  ownerKeyId = (await createApiKey(server, owner, ['readings:write', 'drums:read'], 'to rotate'))
    .id;
  limitedAdmin = {
    name: 'site-limited admin',
    ...(await createMember(server, owner, {
      email: 'north-admin@example.com',
      role: 'admin',
      siteIds: [north.siteId],
    })),
  };
  northBuyer = {
    name: 'site-limited buyer',
    ...(await createMember(server, owner, {
      email: 'north-buyer@example.com',
      role: 'buyer',
      siteIds: [north.siteId],
    })),
  };
  agent = await staffPerson('agent@provider.example', 'agent');
  manager = await staffPerson('manager@provider.example', 'manager');
});
afterAll(() => server.close());

describe('nobody raises their own rights; no credential outranks its maker', () => {
  it('walks the operations that change a role or sites, and those that create a credential', () => {
    expect(rightsOperations.length).toBeGreaterThanOrEqual(4);
    expect(credentialOperations.length).toBeGreaterThanOrEqual(3);
  });

  it.each(rightsOperations.map((operation) => [operation.name, operation] as const))(
    '%s: a site-limited admin and an agent asking for more are refused, for themselves or anyone',
    async (_name, operation) => {
      for (const caller of [limitedAdmin, agent]) {
        for (const target of ['self', 'someone else'] as const) {
          await expectRefused(operation, caller, target);
        }
      }
      // The control: whoever holds that much may give it to someone else.
      const holder = isStaffOperation(operation)
        ? manager
        : { name: 'owner', id: owner.userId, email: owner.email, cookie: owner.cookie };
      const allowed = await call(operation, holder, 'someone else');
      expect(allowed.status, `${operation.name}: ${await allowed.clone().text()}`).toBeLessThan(
        300,
      );
      await server.database.db
        .update(users)
        .set({ role: 'buyer', siteIds: [north.siteId] })
        .where(eq(users.id, northBuyer.id));
    },
  );

  it.each(credentialOperations.map((operation) => [operation.name, operation] as const))(
    '%s: a credential made by a site-limited admin sees only their site, and nothing once they see nothing',
    async (_name, operation) => {
      if (isStaffOperation(operation)) {
        await expectRefused(operation, limitedAdmin, 'self');
        return;
      }
      const response = await call(operation, limitedAdmin, 'self');
      expect(response.status, await response.clone().text()).toBe(201);
      const created = (await response.json()) as {
        key?: string;
        endpoint?: { id: string };
      };
      const ownerKey = (await createApiKey(server, owner, ['readings:write'], 'owner')).key;
      const visible = await portalDrums(limitedAdmin);
      expect(visible).toEqual([north.drumId]);
      const sees = async () => {
        if (created.key) return drumsReadBy(server, created.key);
        await alertEveryDrum(ownerKey);
        return heardDrums(created.endpoint!.id);
      };
      expect(await sees()).toEqual(visible);
      await server.database.db
        .update(users)
        .set({ siteIds: [] })
        .where(eq(users.id, limitedAdmin.id));
      try {
        await server.database.db.delete(webhookMessages);
        expect(await sees()).toEqual([]);
      } finally {
        await server.database.db
          .update(users)
          .set({ siteIds: [north.siteId] })
          .where(eq(users.id, limitedAdmin.id));
      }
    },
  );
});
