import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@portal/contract';
import {
  createApiKey,
  createCustomer,
  databaseFingerprint,
  setAccountSuspension,
  signIn,
  signInAsStaff,
  startAccessSuiteServer,
  type Customer,
} from './fixtures';
import {
  fillPath,
  listOperations,
  stateChangingMethods,
  type Operation,
} from './openapi-operations';
import { examples, machineKey, placeholderResources, publicOperations } from './operation-examples';

/**
 * A suspended account is stopped on every operation that takes one of its credentials, walked
 * from the router: each machine operation (/api/v1) with its API key, which also carries its
 * LoRaWAN devices' uplinks, and each operation a session opens, with its user's old cookie, is
 * answered 401 `auth.suspended` and writes nothing. Once the suspension is lifted, the same key
 * and a new session are let through again.
 */
const { server, time } = await startAccessSuiteServer();
const operations = (await listOperations(server)).filter(
  (operation) => !publicOperations.has(operation.name),
);
const bearerOperations = operations.filter((operation) => operation.bearer);
const sessionOperations = operations.filter((operation) => !operation.bearer);

let me: Customer;
let manager: string;
/** Ids in the right shape: a suspended account is refused before any row is looked up. */
const resources = placeholderResources();

/** The operation's example request, with `credentials` (a cookie or a bearer key). */
function call(operation: Operation, credentials: Record<string, string>) {
  const example = examples[operation.name] ?? {};
  const headers = new Headers({ origin: server.origin, ...example.headers?.(), ...credentials });
  let body: RequestInit['body'];
  if (example.multipart) {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n']), 'note.pdf');
    body = form;
  } else {
    const json = example.body?.(resources, me);
    if (json !== undefined || (stateChangingMethods.has(operation.method) && operation.body)) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(json ?? {});
    }
  }
  const query = example.query?.(resources) ?? [];
  const search = query.length ? `?${new URLSearchParams(query)}` : '';
  const path = fillPath(operation.path, example.params?.(resources) ?? {});
  return fetch(`${server.url}${path}${search}`, { method: operation.method, headers, body });
}

const setSuspended = (suspended: boolean) =>
  setAccountSuspension(server, manager, me.accountId, suspended);

beforeAll(async () => {
  me = await createCustomer(server, 'frozen');
  machineKey.key = (await createApiKey(server, me)).key;
  manager = (await signInAsStaff(server, 'manager@provider.example', 'manager')).cookie;
});
afterAll(() => server.close());

describe('a suspended account, on every operation that takes its credentials', () => {
  it('walks the machine operations and the session operations of the router', () => {
    expect(bearerOperations.length).toBeGreaterThanOrEqual(3);
    expect(sessionOperations.length).toBeGreaterThanOrEqual(25);
  });

  it('answers 401 auth.suspended to its key and its old sessions, writing nothing', async () => {
    await setSuspended(true);
    const before = await databaseFingerprint(server.database.db);
    const refusals: string[] = [];
    for (const operation of operations) {
      const response = await call(
        operation,
        operation.bearer ? { authorization: `Bearer ${machineKey.key}` } : { cookie: me.cookie },
      );
      const body: unknown = await response.json();
      const code = isApiError(body) ? body.message : '';
      if (response.status !== 401 || code !== 'auth.suspended') {
        refusals.push(`${operation.name} → ${response.status} ${code}`);
      }
    }
    expect(refusals).toEqual([]);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('lets the same key and a new session through once the suspension is lifted', async () => {
    await setSuspended(false);
    time.advance(61);
    const session = { cookie: await signIn(server, me.email) };
    const shut: string[] = [];
    // The key first, and the calls that end their caller's user last (each with a session of
    // its own): a key stops with its maker.
    const endsCaller = (operation: Operation) => Boolean(examples[operation.name]?.endsCaller);
    for (const operation of [
      ...bearerOperations,
      ...sessionOperations.filter((operation) => !endsCaller(operation)),
      ...sessionOperations.filter(endsCaller),
    ]) {
      let credentials: Record<string, string> = session;
      if (operation.bearer) credentials = { authorization: `Bearer ${machineKey.key}` };
      else if (endsCaller(operation)) {
        time.advance(61);
        credentials = { cookie: await signIn(server, me.email) };
      }
      const response = await call(operation, credentials);
      if (examples[operation.name]?.isStream) await response.body?.cancel();
      else await response.arrayBuffer();
      if (response.status === 401 || response.status >= 500) {
        shut.push(`${operation.name} → ${response.status}`);
      }
    }
    expect(shut).toEqual([]);
  });
});
