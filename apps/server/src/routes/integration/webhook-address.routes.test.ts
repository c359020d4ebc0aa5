import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '@portal/contract';
import { webhookEndpoints } from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import { createCustomer, type Customer } from '../../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * A webhook endpoint's address is checked when it is saved, not only at each delivery: an
 * address that is not global unicast (loopback, private, or an IPv6 address embedding one) and
 * a name resolving to one are refused with 400 `integration.webhook_address_not_public`.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let admin: Customer;

beforeAll(async () => {
  // Deliveries as in production: no private address allowed.
  server = await startTestServer({ clock: time.clock });
  admin = await createCustomer(server, 'hookaddr');
});
afterAll(() => server.close());

const internalUrls = [
  'https://127.0.0.1/hook',
  'https://10.0.0.8/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://[::1]/hook',
  'https://[64:ff9b::7f00:1]/hook',
  'https://[2002:7f00:1::]/hook',
  'https://[::7f00:1]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[0:0:0:0:0:ffff:7f00:1]/hook',
  'https://[64:ff9b:1::a00:1]/hook',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
  'https://[fd00::1]/hook',
  'https://[fe80::1]/hook',
  'https://[fec0::1]/hook',
  'https://[2001:db8::1]/hook',
  'https://2130706433/hook',
  'https://localhost:8443/hook',
];

async function endpointCount(): Promise<number> {
  const [row] = await server.database.db
    .select({ endpoints: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, admin.accountId));
  return row?.endpoints ?? 0;
}

const create = (url: string, cookie = admin.cookie) =>
  server.request('/api/integration/webhooks', {
    headers: { cookie },
    json: { url, events: ['drum.low'] },
  });

describe('saving a webhook address', () => {
  it.each(internalUrls)('refuses %s at creation, writing nothing', async (url) => {
    const response = await create(url);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'integration.webhook_address_not_public' });
    expect(await endpointCount()).toBe(0);
  });

  it('refuses a change of address to an internal one, keeping the old address', async () => {
    const created = await create('https://93.184.215.14/hook');
    expect(created.status).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: WebhookEndpoint };
    for (const url of internalUrls) {
      const response = await server.request(`/api/integration/webhooks/${endpoint.id}`, {
        method: 'PATCH',
        headers: { cookie: admin.cookie },
        json: { url },
      });
      expect(response.status, url).toBe(400);
      expect(await response.json()).toEqual({ message: 'integration.webhook_address_not_public' });
    }
    const [row] = await server.database.db
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.url).toBe('https://93.184.215.14/hook');
    // Other changes go through as before.
    const renamed = await server.request(`/api/integration/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      headers: { cookie: admin.cookie },
      json: { description: 'ERP', url: 'https://[2606:4700::1111]/hook' },
    });
    expect(renamed.status).toBe(200);
  });

  it('asks for a session before looking at the address', async () => {
    const response = await server.request('/api/integration/webhooks', {
      json: { url: 'https://127.0.0.1/hook', events: ['drum.low'] },
    });
    expect(response.status).toBe(401);
  });
});
