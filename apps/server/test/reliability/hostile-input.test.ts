import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@portal/contract';
import { createFakeClock } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import {
  createApiKey,
  createCollection,
  createProposal,
  createCustomer,
  createQuote,
  createTeamFixtures,
  createWebhookFixtures,
  databaseFingerprint,
  orderablePartId,
  refillRequestBody,
  rows,
  setRules,
  signIn,
  type Customer,
} from './fixtures';
import {
  edgeStrings,
  hostileRequest,
  type HostileRequest,
  type IdPool,
} from './hostile-arbitraries';
import { apiSurface, fillPath, listOperations, type Operation } from './openapi-operations';
import { eq, sql } from 'drizzle-orm';
import { spareParts } from '../../src/db/schema';
import { examples, machineKey, type Resources } from './operation-examples';

/**
 * Reliability suite 1 — hostile input, property-based: every operation of /api/openapi.json gets
 * random and malformed bodies, wrong types, huge and unicode-edge strings, odd query strings,
 * headers and methods. Whatever comes in: never a 5xx, every refusal has the API's error
 * shape, and a refused request writes nothing (every table's fingerprint is unchanged).
 * The named classic attacks are in hostile-input-attacks.test.ts.
 */

// Random cases per endpoint (HOSTILE_RUNS for more). The routes are the same on both databases and
// the embedded one fingerprints every table about four times slower: it tries 4 where PostgreSQL,
// the production path, tries 20 (the named attacks, in their own file, run in full on both).
const runsPerOperation = Number(
  // eslint-disable-next-line no-restricted-properties -- test knob: more cases per endpoint on demand
  process.env.HOSTILE_RUNS ?? (process.env.TEST_DB_DRIVER === 'pglite' ? 4 : 20),
);

const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
const server: TestServer = await startTestServer({
  clock: time.clock,
  env: {
    // Limits are tested on their own; here they would hide the routes behind 429s.
    RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000000',
    RATE_LIMIT_MAIL_PER_MINUTE: '1000000',
    RATE_LIMIT_MAIL_PER_HOUR: '1000000',
    RATE_LIMIT_API_KEY_PER_MINUTE: '1000000',
    INVITATIONS_PER_ADDRESS_PER_DAY: '1000000',
    INVITATIONS_PER_INVITER_PER_DAY: '1000000',
    INVITATIONS_PER_ACCOUNT_PER_DAY: '1000000',
    RATE_LIMIT_DOCUMENTS_PER_USER_MINUTE: '1000000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-hostile-')),
  },
});
const operations: Operation[] = await listOperations(server);
const casesTried = new Map<string, number>();

let me: Customer;
let other: Customer;
let spareCookie: string;
const ids: { known: string[] } = { known: [] };
let mine: Resources;

beforeAll(async () => {
  me = await createCustomer(server, 'fuzz');
  other = await createCustomer(server, 'foreign');
  spareCookie = await signIn(server, 'spare@example.com');
  for (const customer of [me, other]) {
    const created = await server.request('/api/refill/requests', {
      headers: { cookie: customer.cookie, 'idempotency-key': `fixture-${customer.drumIds[0]}` },
      json: refillRequestBody(customer),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n']), 'note.pdf');
    const upload = await server.request(`/api/refill/requests/${id}/attachments`, {
      method: 'POST',
      headers: { cookie: customer.cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const quoteId = await createQuote(server, customer, `fixture-quote-${customer.accountId}`);
    if (customer === me) {
      const partId = await orderablePartId(server.database.db);
      const [part] = await server.database.db
        .select({ partNumber: spareParts.partNumber })
        .from(spareParts)
        .where(eq(spareParts.id, partId));
      mine = {
        ...(await createTeamFixtures(server, me)),
        ...(await createWebhookFixtures(server, me)),
        drumId: me.drumIds[0]!,
        requestId: id,
        attachmentId: ((await upload.json()) as { id: string }).id,
        quoteId,
        collectionId: await createCollection(server, me),
        proposalId: await createProposal(server, me),
        partId,
        partNumber: part!.partNumber,
        apiKeyId: (await createApiKey(server, me, ['drums:read'], 'to revoke')).id,
      };
      machineKey.key = (await createApiKey(server, me)).key;
    }
  }
  ids.known = await knownIds();
});

afterAll(async () => {
  const table = [...casesTried].map(([name, count]) => `${String(count).padStart(5)}  ${name}`);
  console.info(`hostile input: cases tried per operation\n${table.join('\n')}`);
  await server.close();
});

/** Ids of real rows (every table with a uuid id), so generated requests reach past 404. */
async function knownIds(): Promise<string[]> {
  const tables = await rows<{ table_name: string }>(
    server.database.db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'`,
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    const idRows = await rows<{ id: string }>(
      server.database.db,
      sql`select id::text as id from ${sql.identifier(table_name)} limit 20`,
    );
    found.push(...idRows.map((row) => row.id));
  }
  return found;
}

/** Sign-out, sign-in and the session routes may end the session they are sent with: they get a spare one. */
function cookieFor(operation: Operation, request: HostileRequest): string | undefined {
  if (request.cookie === 'none') return undefined;
  if (request.cookie === 'garbage') return 'session=' + 'G'.repeat(43);
  // Ending sessions by fuzzed ids could end the shared one: those get the spare session too.
  return operation.path.startsWith('/api/users/sign') ||
    operation.path.startsWith('/api/users/me/sessions') ||
    (operation.method === 'DELETE' && operation.path === '/api/users/me')
    ? spareCookie
    : me.cookie;
}

function urlOf(operation: Operation, request: HostileRequest): URL {
  const path = fillPath(operation.path, request.pathValues, { raw: request.rawPath });
  const query = request.query.length ? `?${new URLSearchParams(request.query).toString()}` : '';
  return new URL(`${server.url}${path}${query}`);
}

async function send(operation: Operation, request: HostileRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
  const cookie = cookieFor(operation, request);
  // A machine's operation gets the suite's key where another gets the session (none: neither).
  if (operation.bearer && request.cookie !== 'none') {
    headers.set(
      'authorization',
      `Bearer ${request.cookie === 'garbage' ? 'cpk_' + 'G'.repeat(43) : machineKey.key}`,
    );
  } else if (cookie) headers.set('cookie', cookie);
  const withBody = request.method !== 'GET' && request.method !== 'HEAD';
  return fetch(urlOf(operation, request), {
    method: request.method,
    headers,
    body: withBody ? request.body : undefined,
  });
}

/** The dev helper can change rules: every case starts from the fixture's default rules. */
async function restoreFixture(operation: Operation) {
  if (operation.path.startsWith('/api/dev/')) {
    await setRules(server, me.email, null);
    await setRules(server, other.email, null);
  }
}

async function checkInvariants(operation: Operation, request: HostileRequest): Promise<void> {
  // A raw `../` in a path parameter is resolved by the URL parser before it leaves the client: a
  // request that no longer goes to /api is the SPA's business (traversal is a named case).
  if (!urlOf(operation, request).pathname.startsWith('/api/')) return;
  casesTried.set(operation.name, (casesTried.get(operation.name) ?? 0) + 1);
  await restoreFixture(operation);
  const before = await databaseFingerprint(server.database.db);
  const response = await send(operation, request);
  // An event stream that took the request never ends by itself: its head is the whole answer.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    if (response.status !== 200) throw new Error(`event stream answered ${response.status}`);
    return;
  }
  const text = await response.text();
  const what = `${request.method} ${operation.path} → ${response.status} ${text.slice(0, 200)}`;
  if (response.status >= 500) throw new Error(`server error: ${what}`);
  if (response.status < 400) return;
  if (request.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`refusal is not JSON: ${what}`);
    }
    if (!isApiError(body)) throw new Error(`refusal without the error shape: ${what}`);
  }
  const after = await databaseFingerprint(server.database.db);
  const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
  if (changed.length) throw new Error(`refused request wrote to ${changed.join(', ')}: ${what}`);
}

describe('suite 1 — hostile input on every endpoint of the OpenAPI document', () => {
  it('covers every API route the router holds: none is left out of the OpenAPI document', async () => {
    // A new route without a schema, or hidden, would escape every suite: it fails here instead.
    expect((await apiSurface(server)).undescribed).toEqual([]);
  });

  it('finds the whole API in the OpenAPI document', () => {
    const names = operations.map((operation) => operation.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/users/signup',
        'POST /api/users/signin',
        'PATCH /api/users/me',
        'POST /api/refill/requests',
        'POST /api/refill/requests/{id}/attachments',
        'GET /api/locales/{ns}/{file}',
      ]),
    );
  });

  it.each(operations.map((operation) => [operation.name, operation] as const))(
    '%s: never a 5xx, always the error shape, nothing written when refused',
    async (_name, operation) => {
      const pool: IdPool = ids;
      const candidates = {
        ns: ['common', 'errors', 'auth', '..', '%2e%2e', '%ED%A0%80', '%C0%AE%C0%AE'],
        file: ['fr.json', 'en.json', '..%2f..%2fpackage.json', 'fr.json%00', '%FF.json'],
      };
      await fc.assert(
        fc.asyncProperty(hostileRequest(operation, pool, server.origin, candidates), (request) =>
          checkInvariants(operation, request),
        ),
        { numRuns: runsPerOperation, endOnFailure: false },
      );
    },
    120_000,
  );

  it('any method on any API path: a JSON answer, never a 5xx', async () => {
    const paths = [...new Set(operations.map((operation) => operation.path))];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND'),
        fc.constantFrom(...ids.known),
        async (path, method, id) => {
          casesTried.set('any method', (casesTried.get('any method') ?? 0) + 1);
          const url = `${server.url}${fillPath(path, { id, attachmentId: id, ns: 'common', file: 'fr.json' })}`;
          const response = await fetch(url, {
            method,
            headers: {
              origin: server.origin,
              'content-type': 'application/json',
              cookie: me.cookie,
            },
            body: ['GET', 'HEAD'].includes(method) ? undefined : '{}',
          });
          const text = await response.text();
          expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(500);
          if (response.status >= 400 && method !== 'HEAD')
            expect(isApiError(JSON.parse(text))).toBe(true);
        },
      ),
      { numRuns: runsPerOperation * 2 },
    );
  });

  /**
   * The deterministic half: every field of a valid request (body leaves and query values), one
   * at a time, replaced by each of these values, the rest of the request left valid so that the
   * value reaches the service and the database.
   */
  const replacements: unknown[] = [
    ...edgeStrings.filter((value) => value.length < 300),
    'é'.repeat(2100),
    null,
    -1,
    1e308,
    true,
    {},
    [],
  ];
  const withExample = operations.filter(
    (operation) => examples[operation.name]?.body || examples[operation.name]?.query,
  );

  it.each(withExample.map((operation) => [operation.name, operation] as const))(
    '%s, field by field: never a 5xx, the error shape, nothing written when refused',
    async (name, operation) => {
      const example = examples[operation.name]!;
      const body = example.body?.(mine, me);
      const query = example.query?.(mine) ?? [];
      const paths = leafPaths(body);
      const cookie = operation.path.startsWith('/api/users/sign') ? spareCookie : me.cookie;
      let last = await databaseFingerprint(server.database.db);
      const variants: Array<{ body: unknown; query: Array<[string, string]> }> = [
        ...paths.flatMap((path) =>
          replacements.map((value) => ({ body: setAt(body, path, value), query })),
        ),
        ...query.flatMap((_, index) =>
          replacements
            .filter((value): value is string => typeof value === 'string')
            .map((value) => ({
              body,
              query: query.map((pair, at) =>
                at === index ? ([pair[0], value] as [string, string]) : pair,
              ),
            })),
        ),
      ];
      for (const variant of variants) {
        casesTried.set(`${name} (fields)`, (casesTried.get(`${name} (fields)`) ?? 0) + 1);
        await restoreFixture(operation);
        if (operation.path.startsWith('/api/dev/'))
          last = await databaseFingerprint(server.database.db);
        const path = fillPath(operation.path, example.params?.(mine) ?? {});
        const search = variant.query.length ? `?${new URLSearchParams(variant.query)}` : '';
        const response = await fetch(`${server.url}${path}${search}`, {
          method: operation.method,
          headers: {
            origin: server.origin,
            'content-type': 'application/json',
            cookie,
            ...example.headers?.(),
          },
          body: operation.method === 'GET' ? undefined : JSON.stringify(variant.body ?? {}),
        });
        const text = await response.text();
        const what = `${operation.method} ${path}${search} ${JSON.stringify(variant.body)?.slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, what).toBeLessThan(500);
        const now = await databaseFingerprint(server.database.db);
        if (response.status >= 400) {
          expect(isApiError(JSON.parse(text)), what).toBe(true);
          expect(now, what).toEqual(last);
        }
        last = now;
      }
    },
    120_000,
  );

  /**
   * Control characters (C0 but tab and line breaks, DEL, C1) can rewrite a terminal that prints
   * the value, forge a log line or hide text: every text field refuses them with 400 naming the
   * field, whatever it is (free text, a search, a path parameter). Tab and line feed are the
   * multi-line fields' own and are tried elsewhere.
   */
  const controlCharacters = ['\u0007', '\u001b[31m', '\u0008', '\u007f', '\u0085', '\u009b2J'];
  const withText = operations.filter((operation) => {
    const example = examples[operation.name];
    return example?.body || example?.query || operation.pathParams.length;
  });

  it.each(withText.map((operation) => [operation.name, operation] as const))(
    '%s: a control character in any text field is refused with 400 naming the field',
    async (_name, operation) => {
      const example = examples[operation.name] ?? {};
      const body = example.body?.(mine, me);
      const query = example.query?.(mine) ?? [];
      const params = example.params?.(mine) ?? {};
      const cookie = operation.path.startsWith('/api/users/sign') ? spareCookie : me.cookie;
      const textPaths = leafPaths(body).filter((path) => typeof valueAt(body, path) === 'string');
      const fields = [
        ...textPaths.map((path) => ({ field: path.join('.'), where: 'body' as const, path })),
        ...query.map(([name], index) => ({ field: name, where: 'query' as const, index })),
        ...operation.pathParams
          .filter((name) => params[name] !== undefined)
          .map((name) => ({ field: name, where: 'path' as const, name })),
      ];
      for (const target of fields) {
        for (const control of controlCharacters) {
          await restoreFixture(operation);
          const inject = (value: string) => `${value.slice(0, 1)}${control}${value.slice(1)}`;
          let variantBody = body;
          let variantQuery = query;
          let variantParams = params;
          if (target.where === 'body') {
            variantBody = setAt(body, target.path, inject(valueAt(body, target.path) as string));
          } else if (target.where === 'query') {
            variantQuery = query.map((pair, at) =>
              at === target.index ? ([pair[0], inject(pair[1])] as [string, string]) : pair,
            );
          } else {
            variantParams = { ...params, [target.name]: inject(params[target.name]!) };
          }
          const before = await databaseFingerprint(server.database.db);
          const path = fillPath(operation.path, variantParams);
          const search = variantQuery.length ? `?${new URLSearchParams(variantQuery)}` : '';
          const response = await fetch(`${server.url}${path}${search}`, {
            method: operation.method,
            headers: {
              origin: server.origin,
              'content-type': 'application/json',
              cookie,
              ...example.headers?.(),
            },
            body: operation.method === 'GET' ? undefined : JSON.stringify(variantBody ?? {}),
          });
          const answer = (await response.json()) as { errors?: Array<{ field: string }> };
          const what = `${operation.name} ${target.field}=${JSON.stringify(control)} → ${response.status} ${JSON.stringify(answer)}`;
          expect(response.status, what).toBe(400);
          expect(
            answer.errors?.map((error) => error.field),
            what,
          ).toContain(target.field);
          expect(await databaseFingerprint(server.database.db), what).toEqual(before);
        }
      }
    },
    120_000,
  );
});

/** Paths of the leaves of a JSON value (empty arrays and objects count as leaves). */
function leafPaths(
  value: unknown,
  path: Array<string | number> = [],
): Array<Array<string | number>> {
  if (Array.isArray(value) && value.length) {
    return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  }
  if (value && typeof value === 'object' && Object.keys(value).length) {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return path.length ? [path] : [];
}

function valueAt(value: unknown, path: Array<string | number>): unknown {
  let node = value as Record<string | number, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node;
}

/** A copy of `value` with the leaf at `path` replaced. */
function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((key) => (node = node[key] as Record<string | number, unknown>));
  node[path[path.length - 1]!] = replacement;
  return copy;
}
