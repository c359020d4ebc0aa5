import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, mailOutbox } from '../../db/schema';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { createCustomer, type Customer } from '../../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * Invitation mails are limited over 24 hours: to one address whoever sends them, by one inviter
 * and for one account. Past a limit the answer is 429 with its own code and Retry-After, and
 * neither an invitation nor a mail is written.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: {
      INVITATIONS_PER_ADDRESS_PER_DAY: '3',
      INVITATIONS_PER_INVITER_PER_DAY: '5',
      INVITATIONS_PER_ACCOUNT_PER_DAY: '8',
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
    },
  });
});
afterAll(() => server.close());

const invite = (who: { cookie: string }, email: string) =>
  server.request('/api/team/invitations', {
    headers: { cookie: who.cookie },
    json: { email, role: 'buyer', locale: 'en' },
  });

const resend = (who: { cookie: string }, id: string) =>
  server.request(`/api/team/invitations/${id}/resend`, {
    headers: { cookie: who.cookie },
    json: {},
  });

async function mailsTo(email: string): Promise<number> {
  const [row] = await server.database.db
    .select({ mails: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'invitation')));
  return row?.mails ?? 0;
}

async function invitationsOf(accountId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ rows: count() })
    .from(invitations)
    .where(eq(invitations.accountId, accountId));
  return row?.rows ?? 0;
}

async function expectRefused(response: Response, code: string) {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ message: code });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
}

describe('invitations to one address', () => {
  it('sends at most 3 mails a day to one address, resends included, then answers 429 until the day is over', async () => {
    const admin = await createCustomer(server, 'resender');
    const outsider = await createCustomer(server, 'otherco');
    const sent = await invite(admin, 'target@outside.example');
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    time.advance(60);
    expect((await resend(admin, id)).status).toBe(200);
    time.advance(60);
    expect((await resend(admin, id)).status).toBe(200);
    const refused = await resend(admin, id);
    await expectRefused(refused, 'team.address_invited_too_often');
    // The first mail went 2 minutes ago: the address is free again a day after it.
    expect(Number(refused.headers.get('retry-after'))).toBe(24 * 3600 - 120);
    // Another account cannot flood the same inbox either.
    await expectRefused(
      await invite(outsider, 'target@outside.example'),
      'team.address_invited_too_often',
    );
    expect(await mailsTo('target@outside.example')).toBe(3);

    time.advance(24 * 3600 - 119);
    expect((await resend(admin, id)).status).toBe(200);
    expect(await mailsTo('target@outside.example')).toBe(4);
  });
});

describe('invitations by one person and for one account', () => {
  let first: Customer;
  let second: { cookie: string };

  beforeAll(async () => {
    first = await createCustomer(server, 'bulkco');
    // A second admin of the same account, joined by invitation (the account's first mail).
    const invited = await server.request('/api/team/invitations', {
      headers: { cookie: first.cookie },
      json: { email: 'second-admin@bulkco.example', role: 'admin', locale: 'en' },
    });
    expect(invited.status).toBe(201);
    const [mail] = await server.database.db
      .select({ link: mailOutbox.link })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'second-admin@bulkco.example'));
    const accepted = await server.request('/api/invitations/accept', {
      json: { token: tokenOf(mail!.link!) },
    });
    expect(accepted.status).toBe(200);
    second = { cookie: sessionCookie(accepted) };
  });

  it('lets one inviter send 5 a day, to as many domains, then refuses the 6th with nothing written', async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await invite(first, `person${i}@domain${i}.example`)).status).toBe(201);
    }
    const before = await invitationsOf(first.accountId);
    await expectRefused(
      await invite(first, 'person5@domain5.example'),
      'team.too_many_invitations',
    );
    expect(await invitationsOf(first.accountId)).toBe(before);
    expect(await mailsTo('person5@domain5.example')).toBe(0);
  });

  it('stops the account at 8 a day whoever of its admins sends them', async () => {
    // The account has sent 5 (the second admin's and 4 more); its other admin may send 3.
    for (let i = 1; i <= 3; i++) {
      expect((await invite(second, `colleague${i}@elsewhere${i}.example`)).status).toBe(201);
    }
    await expectRefused(
      await invite(second, 'colleague4@elsewhere4.example'),
      'team.too_many_invitations',
    );
    expect(await mailsTo('colleague4@elsewhere4.example')).toBe(0);
  });
});

describe('the API reference', () => {
  it('documents the 429 of sending and resending an invitation', async () => {
    const reference = (await (await server.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { description?: string; responses: object }>>;
    };
    const invite = reference.paths['/api/team/invitations']!.post!;
    expect(Object.keys(invite.responses)).toContain('429');
    expect(invite.description).toContain('team.too_many_invitations');
    const resendOne = reference.paths['/api/team/invitations/{id}/resend']!.post!;
    expect(Object.keys(resendOne.responses)).toContain('429');
  });
});
