import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  createCustomer,
  refillRequestBody,
  signIn,
  type Customer,
} from '../../../test/reliability/fixtures';

/** A user's own data: downloaded as JSON, and their account deleted with their messages kept. */
let server: TestServer;
let admin: Customer;
let buyer: { cookie: string; id: string };
let requestId: string;

beforeAll(async () => {
  server = await startTestServer({
    clock: createFakeClock(new Date('2026-11-23T09:00:00Z')).clock,
  });
  admin = await createCustomer(server, 'privacy');
  const cookie = await signIn(server, 'leaving@example.com');
  const [row] = await server.database.db
    .update(users)
    .set({ accountId: admin.accountId, role: 'buyer', firstName: 'Lea', lastName: 'Ving' })
    .where(eq(users.email, 'leaving@example.com'))
    .returning();
  buyer = { cookie, id: row!.id };
  const created = await server.request('/api/refill/requests', {
    headers: { cookie, 'idempotency-key': 'privacy-request-1' },
    json: refillRequestBody(admin),
  });
  requestId = ((await created.json()) as { id: string }).id;
  await server.request(`/api/refill/requests/${requestId}/messages`, {
    headers: { cookie },
    json: { body: 'Please deliver at gate B' },
  });
});
afterAll(() => server.close());

describe('personal data', () => {
  it('downloads everything about the user as a JSON file', async () => {
    const response = await server.request('/api/users/me/data', {
      headers: { cookie: buyer.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="my-portal-data.json"',
    );
    const data = (await response.json()) as Record<string, unknown>;
    expect(data).toMatchObject({
      profile: { email: 'leaving@example.com', firstName: 'Lea', role: 'buyer' },
      refillRequests: [expect.objectContaining({ id: requestId })],
      messages: [expect.objectContaining({ body: 'Please deliver at gate B' })],
    });
    expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
    // Nothing of a colleague's.
    expect(JSON.stringify(data)).not.toContain(admin.email);
  });

  it('keeps the last admin of a team from deleting their account', async () => {
    const response = await server.request('/api/users/me', {
      method: 'DELETE',
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'team.last_admin' });
  });

  it('deletes the account: signed out, messages kept as "former user", trail without the address', async () => {
    await server.request(`/api/team/members/${buyer.id}`, {
      method: 'PATCH',
      headers: { cookie: admin.cookie },
      json: { role: 'viewer' },
    });
    const response = await server.request('/api/users/me', {
      method: 'DELETE',
      headers: { cookie: buyer.cookie },
    });
    expect(response.status).toBe(204);
    expect(
      (await server.request('/api/users/me', { headers: { cookie: buyer.cookie } })).status,
    ).toBe(401);
    expect(await server.database.db.select().from(users).where(eq(users.id, buyer.id))).toEqual([]);

    // In the reader's language (the admin's is French).
    const messages = (await (
      await server.request(`/api/refill/requests/${requestId}/messages`, {
        headers: { cookie: admin.cookie },
      })
    ).json()) as { messages: Array<{ authorName: string; body: string }> };
    expect(messages.messages).toContainEqual(
      expect.objectContaining({
        body: 'Please deliver at gate B',
        authorName: 'Ancien utilisateur',
      }),
    );
    const trail = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.accountId, admin.accountId));
    expect(JSON.stringify(trail)).not.toContain('leaving@example.com');
    expect(trail.map((event) => event.action)).toContain('member.deleted_self');
  });
});
