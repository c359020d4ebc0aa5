import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer } from '../../../test/reliability/fixtures';
import { createTestDatabaseUrl, startTestServer, type TestServer } from '../../../test/test-server';

// Two instances on one PostgreSQL, as behind a load balancer: each keeps the drum overviews it
// computed, and a reading recorded through either is on both at once.
describe('drum overviews across instances', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabaseUrl({ migrated: true });
    drop = database.drop;
    a = await startTestServer({ databaseUrl: database.url, cacheDrumOverviews: true });
    b = await startTestServer({ databaseUrl: database.url, cacheDrumOverviews: true });
  }, 60_000);
  afterAll(async () => {
    await a.close();
    await b.close();
    await drop();
  });

  it('a reading recorded on one instance is in the overview the other answers', async () => {
    const customer = await createCustomer(a, 'two-instance-drums');
    const [drumId] = customer.drumIds;
    const remainingOn = async (server: TestServer) => {
      const response = await server.request('/api/refill/drums', {
        headers: { cookie: customer.cookie },
      });
      const body = (await response.json()) as { drums: Array<{ id: string; remainingM: number }> };
      return body.drums.find((drum) => drum.id === drumId)?.remainingM;
    };
    // Each instance has computed and kept the overview.
    expect(await remainingOn(a)).toBe(800);
    expect(await remainingOn(b)).toBe(800);
    const recorded = await b.request(`/api/refill/drums/${drumId}/readings`, {
      headers: { cookie: customer.cookie },
      json: { remainingM: 420, readAt: new Date().toISOString() },
    });
    expect(recorded.status).toBe(201);
    expect(await remainingOn(b)).toBe(420);
    await vi.waitFor(async () => expect(await remainingOn(a)).toBe(420), { timeout: 2_000 });
  });
});
