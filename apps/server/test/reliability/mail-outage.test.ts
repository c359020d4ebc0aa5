import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { createFakeClock, tokenOf } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import { rows } from './fixtures';
import { linkIn, startSmtpCapture, type SmtpCapture } from './smtp-capture';

/**
 * Reliability suite 4 — mail outage, against a real SMTP server that refuses (451, 550) or is
 * down, with the worker driven round by round on a fake clock. Single cases already in
 * mail/worker.test.ts (one 451 then success, one 550, refused until the link expires, a crash
 * mid-send) are extended here to whole outages: delivery when the server returns, backoff,
 * mixed outcomes, what happens after the link's life, and the outbox staying bounded.
 */

let server: TestServer | undefined;
let smtp: SmtpCapture | undefined;
afterEach(async () => {
  await server?.close();
  await smtp?.stop();
  server = undefined;
  smtp = undefined;
});

const LINK_LIFETIME_MS = 15 * 60_000;

async function setUp() {
  const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
  smtp = await startSmtpCapture();
  server = await startTestServer({
    clock: time.clock,
    env: { SMTP_URL: smtp.url, RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000' },
  });
  return { time, smtp, server };
}

const outbox = () => server!.database.db.select().from(mailOutbox);
const pending = async () =>
  (await outbox()).filter((mail) => mail.sentAt === null && mail.failedAt === null);
const signUp = (email: string) => server!.request('/api/users/signup', { json: { email } });

/** One worker round, then the clock moves to the next due attempt (at most `maxStep` s). */
async function round(time: ReturnType<typeof createFakeClock>, maxStep = 300): Promise<void> {
  await server!.app.mailWorker.runOnce();
  const due = (await pending()).map((mail) => mail.nextAttemptAt.getTime());
  const now = time.clock().getTime();
  const next = due.length ? Math.min(...due) : now + maxStep * 1000;
  time.advance(Math.max(1, Math.min(maxStep, (next - now) / 1000)));
}

describe('suite 4 — mail outage', { timeout: 180_000 }, () => {
  it('retries a refused connection with doubling backoff and delivers when the server is back, in the link’s life', async () => {
    const { time, smtp } = await setUp();
    await smtp.stop();
    const start = time.clock().getTime();
    expect((await signUp('ana@example.com')).status).toBe(202);
    const backoffs: number[] = [];
    // Six minutes of outage.
    while (time.clock().getTime() - start < 6 * 60_000) {
      const before = (await outbox())[0]!.attempts;
      const at = time.clock().getTime();
      await server!.app.mailWorker.runOnce();
      const [mail] = await outbox();
      if (mail!.attempts > before) backoffs.push((mail!.nextAttemptAt.getTime() - at) / 1000);
      time.advance(Math.max(1, (mail!.nextAttemptAt.getTime() - at) / 1000));
    }
    expect(backoffs).toEqual([5, 10, 20, 40, 80, 120, 120]);
    expect((await outbox())[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    for (let i = 0; i < 5 && (await pending()).length; i++) await round(time);
    const [mail] = await outbox();
    expect(mail!.sentAt).not.toBeNull();
    expect(mail!.sentAt!.getTime()).toBeLessThan(mail!.expiresAt.getTime());
    expect(mail!.sentAt!.getTime() - start).toBeLessThan(LINK_LIFETIME_MS);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.messageId).toBe(`<${mail!.id}@portal>`);
    // The delivered link still opens a session.
    const link = linkIn(smtp.messages[0]!.raw);
    const signIn = await server!.request('/api/users/signin', { json: { hash: tokenOf(link!) } });
    expect(signIn.status).toBe(200);
  });

  it('delivers every mail queued during a 451 outage exactly once when the server accepts again', async () => {
    const { time, smtp } = await setUp();
    smtp.setAnswer(() => ({ code: 451, message: '4.3.2 try again later' }));
    for (const name of ['bo', 'cy', 'di']) {
      await signUp(`${name}@example.com`);
      for (let i = 0; i < 3; i++) await round(time, 60);
    }
    expect(smtp.messages).toHaveLength(0);
    expect(await pending()).toHaveLength(3);
    smtp.setAnswer(() => null);
    for (let i = 0; i < 10 && (await pending()).length; i++) await round(time);
    expect(await pending()).toHaveLength(0);
    const counts = smtp.countsByMessageId();
    expect(counts.size).toBe(3);
    expect([...counts.values()]).toEqual([1, 1, 1]);
    for (const mail of await outbox())
      expect(mail.sentAt!.getTime()).toBeLessThan(mail.expiresAt.getTime());
  });

  it('records a 5xx for one recipient and never retries it, while the others go out', async () => {
    const { time, smtp } = await setUp();
    smtp.setAnswer((to) =>
      to.includes('gone@example.com') ? { code: 550, message: '5.1.1 no such user' } : null,
    );
    for (const email of ['gone@example.com', 'eve@example.com', 'fay@example.com'])
      await signUp(email);
    for (let i = 0; i < 30; i++) await round(time, 120);
    const mails = await outbox();
    const gone = mails.find((mail) => mail.toAddress === 'gone@example.com')!;
    expect(gone.failedAt).not.toBeNull();
    expect(gone.attempts).toBe(1);
    expect(gone.lastError).toMatch(/no such user/);
    expect(mails.filter((mail) => mail.sentAt)).toHaveLength(2);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([
      'eve@example.com',
      'fay@example.com',
    ]);
  });

  it('does not send a link that expired during the outage; a new one after it goes out', async () => {
    const { time, smtp } = await setUp();
    await smtp.stop();
    await signUp('gus@example.com');
    const start = time.clock().getTime();
    while (time.clock().getTime() - start < 20 * 60_000) await round(time, 60);
    let [mail] = await outbox();
    expect(mail!.sentAt).toBeNull();
    expect(mail!.failedAt).not.toBeNull();
    await smtp.start();
    for (let i = 0; i < 10; i++) await round(time, 60);
    [mail] = await outbox();
    expect(mail!.sentAt).toBeNull();
    expect(smtp.messages).toHaveLength(0);
    // Asking again works once the server is back.
    expect((await signUp('gus@example.com')).status).toBe(202);
    for (let i = 0; i < 3 && (await pending()).length; i++) await round(time);
    expect(smtp.messages).toHaveLength(1);
  });

  it('keeps the outbox bounded through an hour-long outage, then prunes what was sent or given up', async () => {
    const { time, smtp } = await setUp();
    await smtp.stop();
    const start = time.clock().getTime();
    let maxPending = 0;
    let signedUp = 0;
    // A new sign-up every 3 minutes for an hour: four link lifetimes.
    while (time.clock().getTime() - start < 3600_000) {
      await signUp(`user${signedUp++}@example.com`);
      const deadline = time.clock().getTime() + 3 * 60_000;
      while (time.clock().getTime() < deadline) {
        await round(time, Math.min(120, (deadline - time.clock().getTime()) / 1000));
      }
      maxPending = Math.max(maxPending, (await pending()).length);
    }
    // Only mails whose link is still valid wait: about one link lifetime's worth.
    expect(signedUp).toBe(20);
    expect(maxPending).toBeLessThanOrEqual(Math.ceil(LINK_LIFETIME_MS / (3 * 60_000)) + 1);

    await smtp.start();
    for (let i = 0; i < 10 && (await pending()).length; i++) await round(time);
    expect(await pending()).toHaveLength(0);
    const mails = await outbox();
    expect(mails.filter((mail) => mail.sentAt).length).toBe(smtp.messages.length);
    expect(smtp.messages.length).toBeLessThanOrEqual(maxPending);
    expect(mails.filter((mail) => mail.failedAt).length).toBe(signedUp - smtp.messages.length);

    // A session that ends (signed out) and links that expire are pruned too.
    await signUp('fresh@example.com');
    await round(time);
    const delivered = smtp.messages.find((mail) => mail.to.includes('fresh@example.com'));
    const signedIn = await server!.request('/api/users/signin', {
      json: { hash: tokenOf(linkIn(delivered!.raw)!) },
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    await server!.request('/api/users/signout', {
      json: {},
      headers: { cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]! },
    });

    // A week later, the hourly prune deletes sent and given-up mails, old rate-limit hits,
    // expired links and ended sessions.
    time.advance(7 * 24 * 3600 + 3600);
    await server!.app.mailWorker.runOnce();
    expect(await outbox()).toHaveLength(0);
    const [left] = await rows<{ hits: number; links: number; sessions: number }>(
      server!.database.db,
      sql`select (select count(*)::int from rate_limit_hits) as hits,
                 (select count(*)::int from sign_in_links) as links,
                 (select count(*)::int from sessions) as sessions`,
    );
    expect(left).toEqual({ hits: 0, links: 0, sessions: 0 });
  });

  it('keeps a pending mail and a live session through the prune', async () => {
    const { time, smtp } = await setUp();
    await signUp('old@example.com');
    await round(time);
    const signedIn = await server!.request('/api/users/signin', {
      json: { hash: tokenOf(linkIn(smtp.messages[0]!.raw)!) },
    });
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    time.advance(8 * 24 * 3600);
    await smtp.stop();
    await signUp('new@example.com');
    await server!.app.mailWorker.runOnce();
    const left = await outbox();
    expect(left.map((mail) => mail.toAddress)).toEqual(['new@example.com']);
    expect(left[0]!.sentAt).toBeNull();
    const [row] = await server!.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'new@example.com'));
    expect(row?.failedAt).toBeNull();
    // A live session (30 days) outlives the prune.
    expect((await server!.request('/api/users/me', { headers: { cookie } })).status).toBe(200);
  });
});
