import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server';

/**
 * Reliability suite 6 — scale-out, the draining step of a shutdown behind a load balancer (the
 * two-process run is process/scale-out.postgres.test.ts): health turns 503 at once, requests are
 * still served, each answer closes its connection so keep-alive clients reconnect elsewhere.
 */
let server: TestServer;
afterEach(() => server.close());

describe('suite 6 — scale-out: draining before a shutdown', () => {
  it('answers health with 503 draining, and still serves with Connection: close', async () => {
    server = await startTestServer();
    expect((await server.request('/api/health')).status).toBe(200);
    server.app.startDraining();
    const health = await server.request('/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'draining', database: 'ok' });
    const page = await server.request('/api/locales/common/en.json');
    expect(page.status).toBe(200);
    expect(page.headers.get('connection')).toBe('close');
  });
});
