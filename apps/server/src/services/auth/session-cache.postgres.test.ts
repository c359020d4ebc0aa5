import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabaseUrl, startTestServer, type TestServer } from '../../../test/test-server';
import { signIn } from '../../../test/reliability/fixtures';
import { users } from '../../db/schema';

// Two instances of the server on one PostgreSQL, as behind a load balancer: each caches the
// sessions it resolves, and a change made through either (or outside both) ends access at once.
describe('session cache across instances', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabaseUrl({ migrated: true });
    drop = database.drop;
    a = await startTestServer({ databaseUrl: database.url });
    b = await startTestServer({ databaseUrl: database.url });
  }, 60_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await drop();
  });

  const me = (server: TestServer, cookie: string) =>
    server.request('/api/users/me', { headers: { cookie } });

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const cookie = await signIn(a, 'two-instances@example.com');
    // Both instances now hold the session in their cache.
    expect((await me(a, cookie)).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(200);
    const signOut = await b.request('/api/users/signout', { json: {}, headers: { cookie } });
    expect(signOut.status).toBeLessThan(300);
    await vi.waitFor(async () => expect((await me(a, cookie)).status).toBe(401), {
      timeout: 2_000,
    });
  });

  it('a suspension written outside both instances ends the session on each', async () => {
    const email = 'suspended-elsewhere@example.com';
    const cookie = await signIn(a, email);
    expect((await me(a, cookie)).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(200);
    // As the admin command line or psql would: neither server makes the change.
    await a.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.email, email));
    for (const server of [a, b]) {
      await vi.waitFor(async () => expect((await me(server, cookie)).status).toBe(401), {
        timeout: 2_000,
      });
    }
  });

  it('a role changed on one instance is what the other instance answers next', async () => {
    const email = 'role-elsewhere@example.com';
    const cookie = await signIn(a, email);
    const roleOn = async (server: TestServer) =>
      ((await (await me(server, cookie)).json()) as { role: string }).role;
    const before = await roleOn(b);
    const after = before === 'viewer' ? 'buyer' : 'viewer';
    await a.database.db.update(users).set({ role: after }).where(eq(users.email, email));
    await vi.waitFor(async () => expect(await roleOn(b)).toBe(after), { timeout: 2_000 });
  });
});
