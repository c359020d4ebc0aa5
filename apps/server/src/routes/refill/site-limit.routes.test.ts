import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  createCustomer,
  createMember,
  createQuote,
  createSiteWithDrum,
  refillRequestBody,
  type Customer,
} from '../../../test/reliability/fixtures';

/**
 * A buyer limited to one site of the account sees that site's drums, requests and equipment,
 * and only the quotes they asked for themselves (a quote names no site); another site's rows
 * are as unknown as another account's.
 */
let server: TestServer;
let admin: Customer;
let limited: { cookie: string; siteId: string; drumId: string };

async function get(cookie: string, path: string) {
  return server.request(path, { headers: { cookie } });
}

beforeAll(async () => {
  server = await startTestServer({
    clock: createFakeClock(new Date('2026-11-23T09:00:00Z')).clock,
  });
  admin = await createCustomer(server, 'multisite');
  const north = await createSiteWithDrum(server, admin, { name: 'North depot', serial: 'NORTH-1' });
  const { cookie } = await createMember(server, admin, {
    email: 'north-buyer@example.com',
    role: 'buyer',
    siteIds: [north.siteId],
  });
  limited = { cookie, ...north };
});
afterAll(() => server.close());

describe('a buyer limited to a site', () => {
  it("lists only that site's drums and equipment; the admin lists all", async () => {
    const mine = (await (await get(limited.cookie, '/api/refill/drums')).json()) as {
      drums: Array<{ id: string }>;
    };
    expect(mine.drums.map((drum) => drum.id)).toEqual([limited.drumId]);
    const all = (await (await get(admin.cookie, '/api/refill/drums')).json()) as {
      drums: Array<{ id: string }>;
    };
    expect(all.drums).toHaveLength(3);
    const equipment = (await (await get(limited.cookie, '/api/spareparts/equipment')).json()) as {
      equipment: unknown[];
    };
    expect(equipment.equipment).toEqual([]);
  });

  it("answers 404 for another site's drum and refuses a request or reading for it", async () => {
    const otherDrum = admin.drumIds[0]!;
    expect((await get(limited.cookie, `/api/refill/drums/${otherDrum}/qgraph`)).status).toBe(404);
    const reading = await server.request(`/api/refill/drums/${otherDrum}/readings`, {
      headers: { cookie: limited.cookie },
      json: { remainingM: 500, readAt: '2026-11-21T08:00:00.000Z' },
    });
    expect(reading.status).toBe(404);
    const request = await server.request('/api/refill/requests', {
      headers: { cookie: limited.cookie, 'idempotency-key': 'north-foreign-1' },
      json: refillRequestBody(admin),
    });
    expect(request.status).toBe(400);
  });

  it('sees the requests of their site only, and the quotes they asked for', async () => {
    const adminRequest = await server.request('/api/refill/requests', {
      headers: { cookie: admin.cookie, 'idempotency-key': 'south-admin-1' },
      json: refillRequestBody(admin),
    });
    expect(adminRequest.status).toBe(201);
    const adminRequestId = ((await adminRequest.json()) as { id: string }).id;
    const own = await server.request('/api/refill/requests', {
      headers: { cookie: limited.cookie, 'idempotency-key': 'north-own-1' },
      json: {
        ...refillRequestBody(admin),
        siteId: limited.siteId,
        items: [{ drumId: limited.drumId, quantity: 1 }],
      },
    });
    expect(own.status).toBe(201);
    const ownId = ((await own.json()) as { id: string }).id;
    const list = (await (await get(limited.cookie, '/api/refill/requests')).json()) as {
      requests: Array<{ id: string }>;
    };
    expect(list.requests.map((request) => request.id)).toEqual([ownId]);
    expect(
      (await get(limited.cookie, `/api/refill/requests/${adminRequestId}/messages`)).status,
    ).toBe(404);

    const adminQuote = await createQuote(server, admin, 'admin-quote-1');
    const buyerQuote = await createQuote(
      server,
      { ...admin, cookie: limited.cookie },
      'north-quote-1',
    );
    const quotes = (await (await get(limited.cookie, '/api/spareparts/quotes')).json()) as {
      quotes: Array<{ id: string }>;
    };
    expect(quotes.quotes.map((quote) => quote.id)).toEqual([buyerQuote]);
    expect(
      (await get(limited.cookie, `/api/spareparts/quotes/${adminQuote}/messages`)).status,
    ).toBe(404);
    const adminQuotes = (await (await get(admin.cookie, '/api/spareparts/quotes')).json()) as {
      quotes: Array<{ id: string }>;
    };
    expect(adminQuotes.quotes.map((quote) => quote.id).sort()).toEqual(
      [adminQuote, buyerQuote].sort(),
    );
  });

  it('has rules that carry the site limit, so the SPA shows the same', async () => {
    const me = (await (await get(limited.cookie, '/api/users/me')).json()) as {
      role: string;
      side: string;
      siteIds: string[];
      rules: unknown[];
    };
    expect(me).toMatchObject({ role: 'buyer', side: 'customer', siteIds: [limited.siteId] });
    expect(me.rules).toContainEqual({
      action: ['get', 'order'],
      subject: 'refill',
      conditions: { siteId: { $in: [limited.siteId] } },
    });
  });
});
