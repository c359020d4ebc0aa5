import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@portal/contract';
import { alertSettings } from '../db/schema';
import { createCustomer, type Customer } from '../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * The CSRF guard decides on the method, whatever the path: the router decodes percent-escapes,
 * so a guard that compared the raw URL with `/api/` let `/%61pi/...` through with any Origin.
 */

let server: TestServer;
let customer: Customer;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' } });
  customer = await createCustomer(server, 'csrf');
});
afterAll(() => server.close());

/** One random spelling of `path` a browser, a proxy or the router may treat as the same route. */
function spelling(path: string): fc.Arbitrary<string> {
  const segments = path.split('/').slice(1);
  const char = (c: string) =>
    fc.constantFrom(
      c,
      /[a-z]/.test(c) ? c.toUpperCase() : c,
      `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
      `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`,
    );
  const segment = (value: string) =>
    fc.tuple(...[...value].map(char)).map((chars) => chars.join(''));
  const separator = fc.constantFrom('/', '//', '/./', '/x/../', '/%2e/');
  return fc
    .tuple(
      fc.tuple(...segments.map((value) => fc.tuple(separator, segment(value)))),
      fc.constantFrom('', '/', '//'),
      fc.constantFrom('', '?', '?a=1', '?/api/', '#x'),
    )
    .map(
      ([parts, trailing, query]) =>
        parts.map(([sep, value]) => sep + value).join('') + trailing + query,
    );
}

const foreignOrigin = fc.constantFrom(
  undefined,
  'null',
  'https://evil.example',
  'http://127.0.0.1:1',
);

async function send(method: string, path: string, origin: string | undefined, body: unknown) {
  const headers = new Headers({ 'content-type': 'application/json', cookie: customer.cookie });
  if (origin) headers.set('origin', origin);
  return fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
}

describe('the CSRF guard', () => {
  it('refuses a foreign Origin on sign-out and on the alert recipients, however the path is spelled', async () => {
    const alertsBody = {
      thresholdPct: 20,
      criticalPct: 10,
      emailEnabled: true,
      recipients: ['outsider@evil.example'],
    };
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(
            ['POST', '/api/users/signout', {}] as const,
            ['PUT', '/api/refill/alerts', alertsBody] as const,
          )
          .chain(([method, path, body]) =>
            fc.tuple(fc.constant(method), spelling(path), fc.constant(body)),
          ),
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        fc.boolean(),
        foreignOrigin,
        async ([method, spelled, body], otherMethod, sameMethod, origin) => {
          const response = await send(sameMethod ? method : otherMethod, spelled, origin, body);
          const answer: unknown = await response.json();
          expect(response.status, `${method} ${spelled}`).toBe(403);
          expect(isApiError(answer) && answer.message).toBe('request.forbidden_origin');
        },
      ),
      { numRuns: 150 },
    );
    // The session lives on and no recipient was written.
    const me = await server.request('/api/users/me', { headers: { cookie: customer.cookie } });
    expect(me.status).toBe(200);
    const settings = await server.database.db
      .select()
      .from(alertSettings)
      .where(eq(alertSettings.accountId, customer.accountId));
    expect(JSON.stringify(settings)).not.toContain('evil.example');
  });

  it('did let /%61pi/users/signout sign a user out from a foreign page (the reproduced attack)', async () => {
    const response = await send('POST', '/%61pi/users/signout', 'https://evil.example', {});
    expect(response.status).toBe(403);
    const me = await server.request('/api/users/me', { headers: { cookie: customer.cookie } });
    expect(me.status).toBe(200);
  });

  it('refuses a state-changing method without our Origin on any path, even one no route serves', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND']) {
      for (const path of ['/', '/refill', '/api/nothing-here', '/%2561pi/users/signout']) {
        const response = await send(method, path, 'https://evil.example', {});
        expect(response.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it('lets our own Origin through on a spelling the router serves', async () => {
    const response = await server.request('/%61pi/users/me', {
      method: 'PATCH',
      json: { firstName: 'Ada' },
      headers: { cookie: customer.cookie },
    });
    expect(response.status).toBe(200);
  });
});
