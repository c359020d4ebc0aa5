import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema';
import { seedSparePartTaxonomy, seedSpareParts } from '../../seed/spare-parts-seed';
import { sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * A search statement runs under a statement timeout (PostgreSQL only: PGlite accepts the setting
 * but has no timer to enforce it), so a search that would read too much is cut short and
 * answered with a code instead of holding a connection. Here the timeout is made tiny so that
 * an ordinary search on a few thousand parts runs into it.
 */
let server: TestServer;
let cookie: string;

async function signIn(target: TestServer) {
  const email = 'timeout@example.com';
  await target.request('/api/users/signup', { json: { email } });
  await target.database.db.update(users).set({ accountId: null }).where(eq(users.email, email));
  const [link] = await target.linksFor(email);
  return sessionCookie(
    await target.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

beforeAll(async () => {
  server = await startTestServer({ env: { SEARCH_STATEMENT_TIMEOUT_MS: '1' } });
  await seedSparePartTaxonomy(server.database.db);
  await seedSpareParts(server.database.db, 5000);
  cookie = await signIn(server);
});
afterAll(() => server.close());

describe('search statement timeout', () => {
  it('answers a search cut short by the timeout with 400 spareparts.search_too_broad', async () => {
    const response = await server.request(
      '/api/spareparts?search=bearing&sort=-unitPrice&lang=en',
      {
        headers: { cookie },
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'spareparts.search_too_broad' });
  });

  it('leaves the timeout to the search: every pooled connection is back to no limit', async () => {
    await server.request('/api/spareparts?search=bearing&sort=-unitPrice&lang=en', {
      headers: { cookie },
    });
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        queryRows<{ statement_timeout: string }>(server.database.db, sql`show statement_timeout`),
      ),
    );
    expect(settings.map((rows) => rows[0]?.statement_timeout)).toEqual(Array(10).fill('0'));
  });
});
