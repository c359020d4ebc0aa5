import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox, users } from '../../db/schema';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  createCustomer,
  databaseFingerprint,
  signIn,
  type Customer,
} from '../../../test/reliability/fixtures';

/**
 * The customer admin's team over HTTP: invitations (one-time link valid 7 days, in the
 * invitee's language, resend, revoke, expiry), roles and sites, removal, the last admin, and
 * the audit trail each change leaves.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let admin: Customer;

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  server.request(path, { ...init, headers: { cookie: admin.cookie } });

async function invite(email: string, extra: Record<string, unknown> = {}) {
  return asAdmin('/api/team/invitations', {
    json: { email, role: 'buyer', locale: 'en', ...extra },
  });
}

/** The token of the latest invitation mailed to `email` (sign-in mails left aside). */
async function tokenFor(email: string): Promise<string> {
  const [mail] = await server.database.db
    .select({ link: mailOutbox.link })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'invitation')))
    .orderBy(desc(mailOutbox.createdAt));
  if (!mail?.link) throw new Error(`no invitation mailed to ${email}`);
  return tokenOf(mail.link);
}

const codeOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  admin = await createCustomer(server, 'teamco');
});
afterAll(() => server.close());

describe('inviting a colleague', () => {
  it('names the inviter by their name when they gave one, and says why the mail came', async () => {
    await server.database.db
      .update(users)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(users.email, 'teamco@example.com'));
    try {
      expect((await invite('named-inviter@example.com')).status).toBe(201);
      const [mail] = await server.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'named-inviter@example.com'));
      expect(mail!.subject).toBe('Ada Lovelace invites you to the teamco Ltd customer portal');
      expect(mail!.text).toContain(
        'You receive this message because Ada Lovelace, of teamco Ltd, invited this address',
      );
      expect(mail!.text).not.toContain('teamco@example.com');
    } finally {
      await server.database.db
        .update(users)
        .set({ firstName: null, lastName: null })
        .where(eq(users.email, 'teamco@example.com'));
    }
  });

  it('mails a one-time link in the invitee’s language; accepting joins the account as the role, signed in', async () => {
    const response = await invite('Newbuyer@Example.com', { siteIds: [admin.siteId] });
    expect(response.status).toBe(201);
    const invitation = (await response.json()) as { status: string; expiresAt: string };
    expect(invitation.status).toBe('pending');
    expect(new Date(invitation.expiresAt).getTime() - time.clock().getTime()).toBe(7 * 86_400_000);
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'newbuyer@example.com'));
    expect(mail).toMatchObject({ locale: 'en', kind: 'invitation', priority: 1 });
    expect(mail!.subject).toBe('teamco@example.com invites you to the teamco Ltd customer portal');
    expect(mail!.link).toMatch(/\/invitation\/[A-Za-z0-9_-]{43}$/);

    const token = await tokenFor('newbuyer@example.com');
    const preview = await server.request('/api/invitations/preview', { json: { token } });
    expect(await preview.json()).toEqual({
      accountName: 'teamco Ltd',
      email: 'newbuyer@example.com',
      role: 'buyer',
      locale: 'en',
    });
    const accepted = await server.request('/api/invitations/accept', { json: { token } });
    expect(accepted.status).toBe(200);
    const profile = (await accepted.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      email: 'newbuyer@example.com',
      role: 'buyer',
      side: 'customer',
      siteIds: [admin.siteId],
      locale: 'en',
    });
    const cookie = sessionCookie(accepted);
    const drums = await server.request('/api/refill/drums', { headers: { cookie } });
    expect(drums.status).toBe(200);
    // A buyer does not run the team.
    expect((await server.request('/api/team', { headers: { cookie } })).status).toBe(403);
    // The link works once.
    const again = await server.request('/api/invitations/accept', { json: { token } });
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe('team.invitation_invalid');
  });

  it('writes the invitee’s language into the mail: French when asked', async () => {
    expect((await invite('francais@example.com', { locale: 'fr' })).status).toBe(201);
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'francais@example.com'));
    expect(mail!.subject).toBe(
      'teamco@example.com vous invite sur le portail client de teamco Ltd',
    );
    expect(mail!.text).toContain('valable 7 jours');
  });

  it('refuses an existing member and a pending invitation, with their own codes, writing nothing', async () => {
    await invite('twice@example.com');
    const before = await databaseFingerprint(server.database.db);
    const member = await invite(admin.email);
    expect(member.status).toBe(409);
    expect(await codeOf(member)).toBe('team.already_member');
    const pending = await invite('twice@example.com');
    expect(pending.status).toBe(409);
    expect(await codeOf(pending)).toBe('team.already_invited');
    const foreignSite = await invite('site@example.com', {
      siteIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(await codeOf(foreignSite)).toBe('team.site_unknown');
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('resends with a new link (the old one stops working) and revokes to a "withdrawn" answer', async () => {
    const created = (await (await invite('resend@example.com')).json()) as { id: string };
    const first = await tokenFor('resend@example.com');
    time.advance(60);
    const resent = await asAdmin(`/api/team/invitations/${created.id}/resend`, { json: {} });
    expect(resent.status).toBe(200);
    const second = await tokenFor('resend@example.com');
    expect(second).not.toBe(first);
    const old = await server.request('/api/invitations/preview', { json: { token: first } });
    expect(await codeOf(old)).toBe('team.invitation_invalid');

    const revoked = await asAdmin(`/api/team/invitations/${created.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    const afterRevoke = await server.request('/api/invitations/accept', {
      json: { token: second },
    });
    expect(afterRevoke.status).toBe(410);
    expect(await codeOf(afterRevoke)).toBe('team.invitation_revoked');
  });

  it('expires after 7 days; an expired invitation shows as such and can be sent again', async () => {
    const created = (await (await invite('late@example.com')).json()) as { id: string };
    const token = await tokenFor('late@example.com');
    time.advance(7 * 86_400 + 1);
    const expired = await server.request('/api/invitations/accept', { json: { token } });
    expect(expired.status).toBe(410);
    expect(await codeOf(expired)).toBe('team.invitation_expired');
    const team = (await (await asAdmin('/api/team')).json()) as {
      invitations: Array<{ id: string; status: string }>;
    };
    expect(team.invitations.find((row) => row.id === created.id)?.status).toBe('expired');
    // Inviting the address again replaces the expired invitation.
    expect((await invite('late@example.com')).status).toBe(201);
  });

  it('does not let an address of another account join', async () => {
    const other = await createCustomer(server, 'othercorp');
    await invite(other.email);
    const response = await server.request('/api/invitations/accept', {
      json: { token: await tokenFor(other.email) },
    });
    expect(response.status).toBe(409);
    expect(await codeOf(response)).toBe('team.member_elsewhere');
  });
});

/**
 * Changing a role asks for a sign-in within ten minutes, and the tests above moved the clock on
 * by days: the admin signs in again.
 */
async function signAdminInAgain() {
  time.advance(61);
  admin.cookie = await signIn(server, admin.email);
}

describe('roles, removal and the last admin', () => {
  let colleague: { id: string; cookie: string };

  beforeAll(async () => {
    await signAdminInAgain();
    const cookie = await signIn(server, 'colleague@example.com');
    const [row] = await server.database.db
      .update(users)
      .set({ accountId: admin.accountId, role: 'viewer' })
      .where(eq(users.email, 'colleague@example.com'))
      .returning();
    colleague = { id: row!.id, cookie };
  });

  it('changes a role, which holds from the next request', async () => {
    const order = () =>
      server.request(`/api/refill/drums/${admin.drumIds[0]}/readings`, {
        headers: { cookie: colleague.cookie },
        json: { remainingM: 700, readAt: '2026-11-23T08:00:00.000Z' },
      });
    expect((await order()).status).toBe(403);
    const changed = await asAdmin(`/api/team/members/${colleague.id}`, {
      method: 'PATCH',
      json: { role: 'buyer' },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ role: 'buyer', siteIds: null, isMe: false });
    expect((await order()).status).toBe(201);
  });

  it('keeps the last admin: neither demoted nor removed, with its own code', async () => {
    const demote = await asAdmin(`/api/team/members/${admin.userId}`, {
      method: 'PATCH',
      json: { role: 'viewer' },
    });
    expect(demote.status).toBe(409);
    expect(await codeOf(demote)).toBe('team.last_admin');
    const remove = await asAdmin(`/api/team/members/${admin.userId}`, { method: 'DELETE' });
    expect(await codeOf(remove)).toBe('team.last_admin');
    // With a second admin, the first may step down; the second then makes them admin again.
    await asAdmin(`/api/team/members/${colleague.id}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    const stepDown = await asAdmin(`/api/team/members/${admin.userId}`, {
      method: 'PATCH',
      json: { role: 'buyer' },
    });
    expect(stepDown.status).toBe(200);
    expect((await asAdmin('/api/team')).status).toBe(403);
    const back = await server.request(`/api/team/members/${admin.userId}`, {
      method: 'PATCH',
      headers: { cookie: colleague.cookie },
      json: { role: 'admin' },
    });
    expect(back.status).toBe(200);
    await asAdmin(`/api/team/members/${colleague.id}`, {
      method: 'PATCH',
      json: { role: 'buyer' },
    });
  });

  it('removes a member: their sessions end at once, their user stays', async () => {
    expect(
      (await server.request('/api/users/me', { headers: { cookie: colleague.cookie } })).status,
    ).toBe(200);
    const removed = await asAdmin(`/api/team/members/${colleague.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(
      (await server.request('/api/users/me', { headers: { cookie: colleague.cookie } })).status,
    ).toBe(401);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, colleague.id));
    expect(row).toMatchObject({ accountId: null, role: 'viewer' });
    // No longer a member: 404 like any other account's user.
    const again = await asAdmin(`/api/team/members/${colleague.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });
});

describe('the audit trail', () => {
  it('records who did what to whom, before and after; the admin reads it paged and filtered', async () => {
    const trail = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.accountId, admin.accountId));
    const actions = new Set(trail.map((event) => event.action));
    for (const action of [
      'member.invited',
      'member.joined',
      'member.invitation_resent',
      'member.invitation_revoked',
      'member.role_changed',
      'member.removed',
    ]) {
      expect(actions, action).toContain(action);
    }
    const change = trail.find(
      (event) =>
        event.action === 'member.role_changed' && event.targetLabel === 'colleague@example.com',
    );
    expect(change).toMatchObject({
      actorLabel: admin.email,
      before: { role: 'viewer', siteIds: null },
      after: { role: 'buyer', siteIds: null },
    });

    const page = (await (await asAdmin('/api/team/audit?limit=2')).json()) as {
      events: Array<{ at: string }>;
      nextOffset: number | null;
    };
    expect(page.events).toHaveLength(2);
    expect(page.nextOffset).toBe(2);
    expect(page.events[0]!.at >= page.events[1]!.at).toBe(true);
    const removals = (await (
      await asAdmin('/api/team/audit?action=member.removed&who=colleague')
    ).json()) as { events: Array<{ action: string; target: string }> };
    expect(removals.events).toEqual([
      expect.objectContaining({ action: 'member.removed', target: 'colleague@example.com' }),
    ]);
  });
});
