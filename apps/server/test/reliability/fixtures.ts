import { eq, sql, type SQL } from 'drizzle-orm';
import type { RawRule, Role } from '@portal/contract';
import type { Database } from '../../src/db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  equipmentModels,
  installedEquipment,
  readings,
  refillProposals,
  sessions,
  sites,
  spareParts,
  users,
  webhookMessages,
} from '../../src/db/schema';
import { runSeedSteps } from '../../src/db/seed';
import { hashToken } from '../../src/services/auth/tokens';
import { catalogSeedStep } from '../../src/seed/catalog-seed';
import { seedSparePartTaxonomy, seedSpareParts } from '../../src/seed/spare-parts-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import type { Resources } from './operation-examples';

/** A signed-in customer of their own account: one site, two drums with a reading each. */
export interface Customer {
  email: string;
  userId: string;
  accountId: string;
  siteId: string;
  drumIds: string[];
  equipmentIds: string[];
  cookie: string;
}

/** The cable and drum catalogue, and a small spare-parts catalogue (idempotent). */
export async function seedCatalog(db: Database, parts = 60): Promise<void> {
  await runSeedSteps(db, [catalogSeedStep]);
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, parts);
}

/** Signs up and in through the API (the dev mailbox holds the link); answers the cookie. */
export async function signIn(server: TestServer, email: string): Promise<string> {
  const earlier = new Set(await server.linksFor(email));
  const signUp = await server.request('/api/users/signup', { json: { email } });
  if (signUp.status !== 202) throw new Error(`sign-up of ${email} answered ${signUp.status}`);
  // Not simply the newest: under a fake clock several links share one creation time.
  const link = (await server.linksFor(email)).find((candidate) => !earlier.has(candidate));
  const response = await server.request('/api/users/signin', {
    json: { hash: tokenOf(link ?? '') },
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return sessionCookie(response);
}

/**
 * A new account with a site and two drums, and a user of it who is signed in; `accountId` when
 * a setting the server started with names the account.
 */
export async function createCustomer(
  server: TestServer,
  name: string,
  readAt = new Date('2026-11-20T08:00:00Z'),
  accountId?: string,
): Promise<Customer> {
  const db = server.database.db;
  await seedCatalog(db);
  const [account] = await db
    .insert(accounts)
    .values({ ...(accountId ? { id: accountId } : {}), name: `${name} Ltd` })
    .returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: `${name} site`, city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const drumRows = await db
    .insert(drums)
    .values(
      [1, 2].map((n) => ({
        accountId: account!.id,
        siteId: site!.id,
        productId: product!.id,
        drumTypeId: drumType!.id,
        serial: `${name}-${n}`,
        initialLengthM: 1000,
        installedOn: '2026-06-01',
      })),
    )
    .returning();
  await db.insert(readings).values(
    drumRows.map((drum) => ({
      drumId: drum.id,
      readAt,
      remainingM: 800,
      source: 'sensor' as const,
    })),
  );
  const [model] = await db.select().from(equipmentModels).limit(1);
  const equipment = await db
    .insert(installedEquipment)
    .values({ accountId: account!.id, siteId: site!.id, modelId: model!.id, serial: `${name}-U1` })
    .returning();
  const email = `${name}@example.com`;
  const cookie = await signIn(server, email);
  const [user] = await db
    .update(users)
    .set({ accountId: account!.id, role: 'admin' })
    .where(eq(users.email, email))
    .returning();
  return {
    email,
    userId: user!.id,
    accountId: account!.id,
    siteId: site!.id,
    drumIds: drumRows.map((drum) => drum.id),
    equipmentIds: equipment.map((unit) => unit.id),
    cookie,
  };
}

/** Another site of the customer's account, with one drum like their first (and its reading). */
export async function createSiteWithDrum(
  server: TestServer,
  customer: Customer,
  { name, serial }: { name: string; serial: string },
): Promise<{ siteId: string; drumId: string }> {
  const db = server.database.db;
  const [site] = await db
    .insert(sites)
    .values({ accountId: customer.accountId, name, city: 'Lille' })
    .returning();
  const [template] = await db.select().from(drums).where(eq(drums.id, customer.drumIds[0]!));
  const [drum] = await db
    .insert(drums)
    .values({ ...template!, id: undefined, publicCode: undefined, siteId: site!.id, serial })
    .returning();
  await db.insert(readings).values({
    drumId: drum!.id,
    readAt: new Date('2026-11-20T08:00:00Z'),
    remainingM: 700,
    source: 'sensor',
  });
  return { siteId: site!.id, drumId: drum!.id };
}

/**
 * A user of the customer's account with `role`, limited to `siteIds` (null: every site), signed
 * in: their id, address and cookie.
 */
export async function createMember(
  server: TestServer,
  customer: Customer,
  { email, role, siteIds }: { email: string; role: Role; siteIds: string[] | null },
): Promise<{ id: string; email: string; cookie: string }> {
  const cookie = await signIn(server, email);
  const [user] = await server.database.db
    .update(users)
    .set({ accountId: customer.accountId, role, siteIds })
    .where(eq(users.email, email))
    .returning();
  return { id: user!.id, email, cookie };
}

let teamCounter = 0;

/**
 * An open invitation of the customer's account (through the API, as its admin), a buyer of it
 * who is not signed in anywhere, and a second session of the customer: the ids the team and
 * session routes' requests use.
 */
export async function createTeamFixtures(
  server: TestServer,
  customer: Customer,
): Promise<{
  invitationId: string;
  memberId: string;
  sessionId: string;
  spareAccountId: string;
  spareSiteId: string;
}> {
  const n = ++teamCounter;
  // An account of nobody's for the back-office routes to edit and suspend without touching
  // the customer's own.
  const [spare] = await server.database.db
    .insert(accounts)
    .values({ name: `Spare ${n} Ltd` })
    .returning({ id: accounts.id });
  const [spareSite] = await server.database.db
    .insert(sites)
    .values({ accountId: spare!.id, name: 'Spare site', city: 'Lyon' })
    .returning({ id: sites.id });
  const invited = await server.request('/api/team/invitations', {
    headers: { cookie: customer.cookie },
    json: { email: `invitee-${n}-${customer.email}`, role: 'buyer', locale: 'en' },
  });
  if (invited.status !== 201) throw new Error(`invitation answered ${invited.status}`);
  const [member] = await server.database.db
    .insert(users)
    .values({
      email: `teammate-${n}-${customer.email}`,
      accountId: customer.accountId,
      role: 'buyer',
    })
    .returning({ id: users.id });
  // A second sign-in of the customer: a session the tests may end without ending theirs.
  const secondCookie = await signIn(server, customer.email);
  const [second] = await server.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(secondCookie.split('=')[1] ?? '')));
  return {
    invitationId: ((await invited.json()) as { id: string }).id,
    memberId: member!.id,
    sessionId: second!.id,
    spareAccountId: spare!.id,
    spareSiteId: spareSite!.id,
  };
}

/** A valid refill request body for the customer's first drum. */
export function refillRequestBody(customer: Customer, deliveryDate = '2026-11-25') {
  return {
    items: [{ drumId: customer.drumIds[0], quantity: 1 }],
    siteId: customer.siteId,
    deliveryDate,
    windowStart: '08:00',
    windowEnd: '12:00',
    contactPhone: '+33612345678',
  };
}

/** The release of one of the customer's drums (the second by default), slots far ahead. */
export function collectionBody(customer: Customer, drumIndex = 1) {
  return {
    drumId: customer.drumIds[drumIndex],
    pickupAddress: '1 rue du Port\n69000 Lyon',
    timeSlots: [{ date: '2099-01-05', period: 'morning' }],
    loadingMeans: 'forklift',
    comment: 'Gate B',
  };
}

/** Releases the customer's second drum: the collection's id. */
export async function createCollection(server: TestServer, customer: Customer): Promise<string> {
  const created = await server.request('/api/refill/collections', {
    headers: { cookie: customer.cookie },
    json: collectionBody(customer),
  });
  if (created.status !== 201) throw new Error(`collection not created: ${created.status}`);
  return ((await created.json()) as { id: string }).id;
}

/**
 * An open refill proposal of the customer's first drum, written as the portal drafts one (the
 * drafting rule has its own tests; the suites need only a proposal to act on).
 */
export async function createProposal(server: TestServer, customer: Customer): Promise<string> {
  const db = server.database.db;
  const drumId = customer.drumIds[0]!;
  const [drum] = await db.select({ siteId: drums.siteId }).from(drums).where(eq(drums.id, drumId));
  const now = new Date();
  const [proposal] = await db
    .insert(refillProposals)
    .values({
      accountId: customer.accountId,
      drumId,
      siteId: drum!.siteId,
      deliveryDate: '2030-01-15',
      runOutOn: '2030-01-20',
      remainingM: 100,
      readAt: now,
      createdAt: now,
    })
    .returning({ id: refillProposals.id });
  return proposal!.id;
}

/** A part that is not superseded, to put in carts. */
export async function orderablePartId(db: Database): Promise<string> {
  const [part] = await db
    .select({ id: spareParts.id })
    .from(spareParts)
    .where(sql`${spareParts.supersededById} is null`)
    .limit(1);
  return part!.id;
}

/** Fills the cart with one part and turns it into a quote; answers the quote's id. */
export async function createQuote(
  server: TestServer,
  customer: Customer,
  key: string,
): Promise<string> {
  const partId = await orderablePartId(server.database.db);
  const line = await server.request(`/api/spareparts/cart/lines/${partId}`, {
    method: 'PUT',
    headers: { cookie: customer.cookie },
    json: { quantity: 2 },
  });
  if (line.status !== 200) throw new Error(`cart line answered ${line.status}`);
  const quote = await server.request('/api/spareparts/quotes', {
    headers: { cookie: customer.cookie, 'idempotency-key': key },
    json: {},
  });
  if (quote.status !== 201) throw new Error(`quote answered ${quote.status} ${await quote.text()}`);
  return ((await quote.json()) as { id: string }).id;
}

/**
 * Replaces a user's CASL rules (null: the default ones) through the dev route, so the server
 * forgets the sessions it cached for that user, as it does for every change it makes.
 */
export async function setRules(
  server: TestServer,
  email: string,
  rules: RawRule[] | null,
): Promise<void> {
  const response = await server.request('/api/dev/users/rules', {
    method: 'PUT',
    json: { email, rules },
  });
  if (response.status !== 204) throw new Error(`rules answered ${response.status}`);
}

/** The fingerprint query of each database: its tables do not change while a suite runs. */
const fingerprintQueries = new WeakMap<Database, Promise<SQL>>();
/** Each database's last fingerprint, and the transactions it was taken between. */
const lastFingerprints = new WeakMap<
  Database,
  { snapshot: string; fingerprint: Record<string, string> }
>();

/**
 * A fingerprint of every table (row count and an order-independent sum of row hashes), to prove
 * that a refused request wrote nothing: inserts, deletes and updates all change it.
 *
 * A transaction that writes a row is given a transaction id, which changes the snapshot's bounds
 * or its list of running transactions from then until it ends. While the snapshot stays what it
 * was on both sides of the last fingerprint, no row has changed, and that fingerprint still holds.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const snapshot = await currentSnapshot(db);
  const last = lastFingerprints.get(db);
  if (last?.snapshot === snapshot) return last.fingerprint;
  let query = fingerprintQueries.get(db);
  if (!query) {
    query = fingerprintQuery(db);
    fingerprintQueries.set(db, query);
  }
  const [row] = await rows<Record<string, string>>(db, await query);
  const fingerprint = row ?? {};
  if ((await currentSnapshot(db)) === snapshot) lastFingerprints.set(db, { snapshot, fingerprint });
  else lastFingerprints.delete(db);
  return fingerprint;
}

async function currentSnapshot(db: Database): Promise<string> {
  const [row] = await rows<{ snapshot: string }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot`,
  );
  return row!.snapshot;
}

async function fingerprintQuery(db: Database): Promise<SQL> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_catalog.pg_tables
        where schemaname = 'public' order by tablename`,
  );
  const columns = tables.map(
    ({ name }) =>
      sql`(select count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) from ${sql.identifier(name)} t) as ${sql.identifier(name)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)}`;
}

/** The rows of a raw query, whichever driver answered it. */
export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** An API key of the customer's account, made through the portal's API: its id and the key. */
export async function createApiKey(
  server: TestServer,
  customer: Customer,
  scopes: string[] = ['readings:write', 'drums:read'],
  name = 'Suite key',
): Promise<{ id: string; key: string }> {
  const response = await server.request('/api/integration/api-keys', {
    headers: { cookie: customer.cookie },
    json: { name, scopes },
  });
  if (response.status !== 201) throw new Error(`API key answered ${response.status}`);
  const { apiKey, key } = (await response.json()) as { apiKey: { id: string }; key: string };
  return { id: apiKey.id, key };
}

/** A staff member of `role`, signed in: their id and cookie. */
export async function signInAsStaff(
  server: TestServer,
  email: string,
  role: 'agent' | 'manager',
): Promise<{ id: string; cookie: string }> {
  const cookie = await signIn(server, email);
  const [user] = await server.database.db
    .update(users)
    .set({ role })
    .where(eq(users.email, email))
    .returning();
  return { id: user!.id, cookie };
}

/** A manager suspends the account, or lifts its suspension, through the back-office. */
export async function setAccountSuspension(
  server: TestServer,
  managerCookie: string,
  accountId: string,
  suspended: boolean,
): Promise<void> {
  const verb = suspended ? 'suspend' : 'unsuspend';
  const response = await server.request(`/api/backoffice/accounts/${accountId}/${verb}`, {
    headers: { cookie: managerCookie },
    json: {},
  });
  if (response.status !== 204) throw new Error(`${verb} answered ${response.status}`);
}

/** A machine's call: `key` as its bearer, the body (if any) as JSON, no cookie, no Origin. */
export function callMachine(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The ids of the drums a key reads through `GET /api/v1/drums`, sorted. */
export async function drumsReadBy(server: TestServer, key: string): Promise<string[]> {
  const response = await callMachine(server, key, 'GET', '/api/v1/drums');
  if (response.status !== 200) throw new Error(`GET /api/v1/drums answered ${response.status}`);
  return ((await response.json()) as { drums: Array<{ id: string }> }).drums
    .map((drum) => drum.id)
    .sort();
}

/**
 * A webhook endpoint of the customer's account (made through the API; its receiver is never
 * called, the suites do not run the worker) and one message of it, to list and redeliver.
 */
export async function createWebhookFixtures(
  server: TestServer,
  customer: Customer,
): Promise<{ webhookId: string; webhookDeliveryId: string }> {
  const response = await server.request('/api/integration/webhooks', {
    headers: { cookie: customer.cookie },
    json: { url: 'https://receiver.example/hooks', events: ['drum.low'] },
  });
  if (response.status !== 201) throw new Error(`webhook endpoint answered ${response.status}`);
  const { endpoint } = (await response.json()) as { endpoint: { id: string } };
  const now = new Date('2026-11-23T08:00:00Z');
  const [message] = await server.database.db
    .insert(webhookMessages)
    .values({
      endpointId: endpoint.id,
      accountId: customer.accountId,
      eventType: 'drum.low',
      body: '{}',
      createdAt: now,
      retryUntil: now,
      failedAt: now,
    })
    .returning({ id: webhookMessages.id });
  return { webhookId: endpoint.id, webhookDeliveryId: message!.id };
}

/**
 * The ids the suites' requests name, all of the customer's: a refill request with a file, a
 * quote, a collection, a proposal, a part, an API key to revoke, a webhook endpoint and its
 * message, and the team fixtures. `tag` keeps two customers' apart.
 */
export async function createResources(
  server: TestServer,
  customer: Customer,
  tag: string,
): Promise<Resources> {
  const created = await server.request('/api/refill/requests', {
    headers: { cookie: customer.cookie, 'idempotency-key': `resources-${tag}-${Date.now()}` },
    json: refillRequestBody(customer),
  });
  const requestId = ((await created.json()) as { id: string }).id;
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4\n%%EOF\n']), 'note.pdf');
  const upload = await server.request(`/api/refill/requests/${requestId}/attachments`, {
    method: 'POST',
    headers: { cookie: customer.cookie },
    body: form,
  });
  const attachmentId = ((await upload.json()) as { id: string }).id;
  const quoteId = await createQuote(server, customer, `access-quote-${tag}-1`);
  const partId = await orderablePartId(server.database.db);
  const [part] = await server.database.db
    .select({ partNumber: spareParts.partNumber })
    .from(spareParts)
    .where(eq(spareParts.id, partId));
  return {
    ...(await createTeamFixtures(server, customer)),
    ...(await createWebhookFixtures(server, customer)),
    drumId: customer.drumIds[0]!,
    requestId,
    attachmentId,
    quoteId,
    collectionId: await createCollection(server, customer),
    proposalId: await createProposal(server, customer),
    partId,
    partNumber: part!.partNumber,
    apiKeyId: (await createApiKey(server, customer, ['drums:read'], `to revoke ${tag}`)).id,
  };
}

/**
 * The server of the suites that walk every operation of the router: they sign up, sign in and
 * call far more than a person would, so the limits on those are raised; `env` adds to them.
 */
export async function startAccessSuiteServer(env: Record<string, string> = {}) {
  const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
  const server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000',
      RATE_LIMIT_MAIL_PER_MINUTE: '1000',
      RATE_LIMIT_MAIL_PER_HOUR: '1000',
      RATE_LIMIT_API_KEY_PER_MINUTE: '1000000',
      ...env,
    },
  });
  return { server, time };
}
