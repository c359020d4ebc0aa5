import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@portal/contract';
import { users } from '../../db/schema';
import { sessionCookie, tokenOf } from '../../../test/clock';
import { abilityByOperation } from '../../../test/reliability/operation-examples';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signIn(email: string): Promise<string> {
  expect((await server.request('/api/users/signup', { json: { email } })).status).toBe(202);
  const [link] = await server.linksFor(email);
  return sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

const me = async (cookie: string) =>
  (await (await server.request('/api/users/me', { headers: { cookie } })).json()) as Profile;

const setRole = (json: unknown) => server.request('/api/dev/users/role', { method: 'PUT', json });

describe('PUT /api/dev/users/role', () => {
  it('makes a user staff, out of any account, and their open session follows at once', async () => {
    const cookie = await signIn('future-agent@example.com');
    await server.database.db
      .update(users)
      .set({ siteIds: ['9d0c7f3e-1111-4c1e-9a51-0b8b2a6c1f00'] })
      .where(eq(users.email, 'future-agent@example.com'));
    expect((await setRole({ email: 'Future-Agent@example.com', role: 'agent' })).status).toBe(204);
    const profile = await me(cookie);
    expect(profile).toMatchObject({ role: 'agent', side: 'staff', siteIds: null });
    const [row] = await server.database.db
      .select({ accountId: users.accountId })
      .from(users)
      .where(eq(users.email, 'future-agent@example.com'));
    expect(row?.accountId).toBeNull();
  });

  it("gives a customer role with a site limit, and the role's rules", async () => {
    const cookie = await signIn('site-buyer@example.com');
    const siteIds = ['9d0c7f3e-1111-4c1e-9a51-0b8b2a6c1f00'];
    expect(
      (await setRole({ email: 'site-buyer@example.com', role: 'buyer', siteIds })).status,
    ).toBe(204);
    const profile = await me(cookie);
    expect(profile).toMatchObject({ role: 'buyer', side: 'customer', siteIds });
    expect(profile.rules).toContainEqual({
      action: ['get', 'order'],
      subject: 'refill',
      conditions: { siteId: { $in: siteIds } },
    });
  });

  it('refuses an unknown role (400) and an unknown address (404)', async () => {
    expect((await setRole({ email: 'site-buyer@example.com', role: 'owner' })).status).toBe(400);
    expect((await setRole({ email: 'nobody@example.com', role: 'viewer' })).status).toBe(404);
  });
});

describe('GET /api/dev/route-abilities', () => {
  it("names each route's required ability as the access suite's own table does", async () => {
    const response = await server.request('/api/dev/route-abilities');
    expect(response.status).toBe(200);
    const abilities = (await response.json()) as Record<string, [string, string][]>;
    expect(abilities['POST /api/refill/requests']).toEqual([['order', 'refill']]);
    expect(abilities['POST /api/backoffice/items/:id/claim']).toEqual([['work', 'backoffice']]);
    // Checked against the hand-written table the access suite proves route by route.
    const compared = Object.entries(abilityByOperation).filter(
      ([operation, ability]) =>
        ability !== null && abilities[operation.replace(/\{(\w+)\}/g, ':$1')] !== undefined,
    );
    expect(compared.length).toBeGreaterThan(20);
    for (const [operation, ability] of compared) {
      expect(abilities[operation.replace(/\{(\w+)\}/g, ':$1')], operation).toContainEqual(ability);
    }
    // Reads that any signed-in user may make require nothing more.
    expect(abilities['GET /api/users/me']).toEqual([]);
  });
});
