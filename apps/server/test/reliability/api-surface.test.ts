import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server';
import { apiSurface } from './openapi-operations';

/**
 * The suites (hostile input, sessions and access) walk the routes the router holds. This proves
 * the walk bites: a route hidden from the document is reported, and every other is walked.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    extend: (app) => {
      app.get('/api/zz-hidden', { schema: { hide: true } }, async () => ({ secret: 1 }));
      app.post('/api/zz-without-schema', async () => ({ ok: true }));
    },
  });
});
afterAll(() => server.close());

describe('the API surface the suites walk', () => {
  it('reports a registered route the OpenAPI document does not describe; walks one without a schema', async () => {
    const { operations, undescribed } = await apiSurface(server);
    expect(undescribed).toEqual(['GET /api/zz-hidden']);
    // Without a schema a route is still in the document, so the suites walk it (and suite 2 then
    // asks for an example request of it).
    expect(operations.map((operation) => operation.name)).toContain('POST /api/zz-without-schema');
  });

  it('walks every other registered API route, each once', async () => {
    const { operations, undescribed } = await apiSurface(server);
    const registered = new Set(
      server.app.registeredRoutes
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .filter((route) => !/^\/api\/(openapi\.json|v1\/openapi\.json|docs)/.test(route.url))
        .map((route) => `${route.method} ${route.url}`),
    );
    expect(operations.length + undescribed.length).toBe(registered.size);
    expect(operations.map((operation) => operation.name)).toContain(
      'POST /api/refill/requests/{id}/attachments',
    );
    // The machines' operations come from their own document, marked as bearer-key operations.
    const machines = operations.filter((operation) => operation.bearer);
    expect(machines.map((operation) => operation.name).sort()).toEqual([
      'GET /api/v1/drums',
      'POST /api/v1/ingest/lorawan',
      'POST /api/v1/readings',
    ]);
  });
});
