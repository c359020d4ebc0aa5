import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createFakeClock } from '../../test/clock';
import { createCustomer } from '../../test/reliability/fixtures';
import { startSmtpTestServer } from '../../test/smtp-test-server';
import { startTestServer, type TestServer } from '../../test/test-server';
import { enqueueMail } from '../services/mail/outbox';
import { createSmtpTransport, type MailTransport } from './transports';

let server: TestServer | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  await smtp?.close();
  server = undefined;
  smtp = undefined;
});

async function outbox() {
  return server!.database.db.select().from(mailOutbox);
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail through SMTP', () => {
  it('sends the sign-in mail for real, in the visitor’s language, with the link as button and text', async () => {
    smtp = await startSmtpTestServer();
    const time = createFakeClock();
    server = await startTestServer({ clock: time.clock, env: { SMTP_URL: smtp.url } });
    const response = await server.request('/api/users/signup', {
      json: { email: 'ana@example.com' },
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(202);
    // Read before delivery: a delivered mail keeps no link.
    const [link] = await server.linksFor('ana@example.com');
    expect(await server.app.mailWorker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['ana@example.com']);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Subject: Your sign-in link to the customer portal');
    expect(body).toContain(`href="${link}"`);
    expect(body.split(link!).length).toBeGreaterThanOrEqual(4); // button and text, in HTML and plain text
    const [row] = await outbox();
    expect(row?.sentAt).not.toBeNull();
    expect(row?.attempts).toBe(1);
    // The dev mailbox does not exist when real mail is configured.
    expect((await server.request('/api/dev/mailbox')).status).toBe(404);
  });

  it('retries a 451 with backoff and delivers when the server accepts again', async () => {
    smtp = await startSmtpTestServer();
    const time = createFakeClock();
    server = await startTestServer({ clock: time.clock, env: { SMTP_URL: smtp.url } });
    smtp.setAnswer(() => ({ code: 451, message: 'try again later' }));
    await server.request('/api/users/signup', { json: { email: 'bea@example.com' } });
    await server.app.mailWorker.runOnce();
    let [row] = await outbox();
    expect(row?.sentAt).toBeNull();
    expect(row?.failedAt).toBeNull();
    expect(row?.lastError).toMatch(/try again later/);
    expect(row?.nextAttemptAt.getTime()).toBe(time.clock().getTime() + 5000);
    // Not due yet: nothing is attempted.
    expect(await server.app.mailWorker.runOnce()).toBe(0);
    time.advance(5);
    await server.app.mailWorker.runOnce();
    [row] = await outbox();
    expect(row?.attempts).toBe(2);
    expect(row?.nextAttemptAt.getTime()).toBe(time.clock().getTime() + 10_000);
    smtp.setAnswer(() => null);
    time.advance(10);
    await server.app.mailWorker.runOnce();
    [row] = await outbox();
    expect(row?.sentAt).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
  });

  it('records a 5xx as failed and does not retry it', async () => {
    smtp = await startSmtpTestServer();
    const time = createFakeClock();
    server = await startTestServer({ clock: time.clock, env: { SMTP_URL: smtp.url } });
    smtp.setAnswer(() => ({ code: 550, message: 'no such mailbox' }));
    await server.request('/api/users/signup', { json: { email: 'cy@example.com' } });
    await server.app.mailWorker.runOnce();
    const [row] = await outbox();
    expect(row?.failedAt).not.toBeNull();
    expect(row?.lastError).toMatch(/no such mailbox/);
    time.advance(3600);
    expect(await server.app.mailWorker.runOnce()).toBe(0);
  });

  it('keeps retrying while the server is down, and gives up once the link has expired', async () => {
    const time = createFakeClock();
    // Port 9 on loopback: nothing listens, the connection is refused.
    server = await startTestServer({ clock: time.clock, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    await server.request('/api/users/signup', { json: { email: 'dee@example.com' } });
    for (let i = 0; i < 20; i++) {
      await server.app.mailWorker.runOnce();
      time.advance(60);
    }
    const [row] = await outbox();
    expect(row?.sentAt).toBeNull();
    expect(row?.failedAt).not.toBeNull();
    expect(row?.attempts).toBeGreaterThan(3);
    expect(row!.attempts).toBeLessThan(20);
  });
});

describe('a finished mail keeps no usable sign-in link', () => {
  async function storedTexts() {
    return (await outbox()).map((row) => `${row.html}\n${row.text}\n${row.link ?? ''}`);
  }

  it('clears the body and the link of a mail once delivered through SMTP', async () => {
    smtp = await startSmtpTestServer();
    const time = createFakeClock();
    server = await startTestServer({ clock: time.clock, env: { SMTP_URL: smtp.url } });
    await server.request('/api/users/signup', { json: { email: 'kim@example.com' } });
    const [link] = await server.linksFor('kim@example.com');
    const token = new URL(link!).pathname.split('/').pop()!;
    expect((await storedTexts())[0]).toContain(token);
    await server.app.mailWorker.runOnce();
    const [row] = await outbox();
    expect(row?.sentAt).not.toBeNull();
    expect(row?.link).toBeNull();
    expect((await storedTexts())[0]).not.toContain(token);
    expect(await server.linksFor('kim@example.com')).toEqual([]);
  });

  it('clears them too when the mail is given up', async () => {
    smtp = await startSmtpTestServer();
    const time = createFakeClock();
    server = await startTestServer({ clock: time.clock, env: { SMTP_URL: smtp.url } });
    smtp.setAnswer(() => ({ code: 550, message: 'no such mailbox' }));
    await server.request('/api/users/signup', { json: { email: 'lou@example.com' } });
    const [link] = await server.linksFor('lou@example.com');
    await server.app.mailWorker.runOnce();
    const [row] = await outbox();
    expect(row?.failedAt).not.toBeNull();
    expect(row?.link).toBeNull();
    expect((await storedTexts())[0]).not.toContain(new URL(link!).pathname);
  });

  it('clears them when the link expired before the mail could be sent', async () => {
    const time = createFakeClock();
    server = await startTestServer({ clock: time.clock, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    await server.request('/api/users/signup', { json: { email: 'max@example.com' } });
    const [link] = await server.linksFor('max@example.com');
    time.advance(24 * 3600);
    await server.app.mailWorker.runOnce();
    const [row] = await outbox();
    expect(row?.failedAt).not.toBeNull();
    expect((await storedTexts())[0]).not.toContain(new URL(link!).pathname);
  });

  it('keeps them in the dev mailbox, which is where a mail is delivered without SMTP outside prd', async () => {
    server = await startTestServer();
    await server.request('/api/users/signup', { json: { email: 'ned@example.com' } });
    await server.app.mailWorker.runOnce();
    const json = await server.request('/api/dev/mailbox', {
      headers: { accept: 'application/json' },
    });
    const [entry] = (await json.json()) as Array<{ link: string; sentAt: string | null }>;
    expect(entry?.sentAt).not.toBeNull();
    expect(entry?.link).toMatch(/\/signin\//);
  });
});

describe('outbox priority', () => {
  it('sends a sign-in mail queued last before a backlog of alert mails', async () => {
    const time = createFakeClock();
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (mail) => (sent.push(mail.to), { messageId: `<${mail.id}@test>` }),
      close: () => undefined,
    };
    server = await startTestServer({ clock: time.clock, mailTransport: transport });
    // 45 alert mails, each a second older than the next, more than two rounds of the worker.
    for (let i = 0; i < 45; i++) {
      await server.database.db.transaction((tx) =>
        enqueueMail(tx, {
          kind: 'drum_alert',
          to: `site${i}@example.com`,
          locale: 'fr',
          subject: 'Alerte',
          html: '<p>Alerte</p>',
          text: 'Alerte',
          expiresAt: new Date(time.clock().getTime() + 24 * 3600_000),
          now: time.clock(),
        }),
      );
      time.advance(1);
    }
    await server.request('/api/users/signup', { json: { email: 'ola@example.com' } });
    await server.app.mailWorker.runOnce();
    expect(sent[0]).toBe('ola@example.com');
    // The backlog follows, oldest first.
    expect(sent.slice(1, 4)).toEqual([
      'site0@example.com',
      'site1@example.com',
      'site2@example.com',
    ]);
  });

  it('sends a sign-in mail queued after 50 invitations first', async () => {
    const time = createFakeClock();
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (mail) => (sent.push(mail.to), { messageId: `<${mail.id}@test>` }),
      close: () => undefined,
    };
    server = await startTestServer({
      clock: time.clock,
      mailTransport: transport,
      env: { INVITATIONS_PER_INVITER_PER_DAY: '50', INVITATIONS_PER_ACCOUNT_PER_DAY: '50' },
    });
    const admin = await createCustomer(server, 'bulk');
    await server.app.mailWorker.runOnce();
    sent.length = 0;
    for (let i = 0; i < 50; i++) {
      const invited = await server.request('/api/team/invitations', {
        headers: { cookie: admin.cookie },
        json: { email: `invitee${i}@example.com`, role: 'viewer', locale: 'fr' },
      });
      expect(invited.status).toBe(201);
      time.advance(1);
    }
    await server.request('/api/users/signup', { json: { email: 'waiting@example.com' } });
    await server.app.mailWorker.runOnce();
    expect(sent[0]).toBe('waiting@example.com');
    expect(sent.slice(1, 3)).toEqual(['invitee0@example.com', 'invitee1@example.com']);
  });
});

describe('outbox recovery', () => {
  it('sends a mail whose attempt crashed before it was recorded, once the lease runs out', async () => {
    const time = createFakeClock();
    const sent: string[] = [];
    let crash = true;
    const transport: MailTransport = {
      async send(mail) {
        if (crash) {
          crash = false;
          // The process "dies" mid-attempt: the outcome is never written.
          return new Promise<never>(() => undefined);
        }
        sent.push(mail.to);
        return { messageId: `<${mail.id}@test>` };
      },
      close: () => undefined,
    };
    server = await startTestServer({ clock: time.clock, mailTransport: transport });
    await server.request('/api/users/signup', { json: { email: 'eli@example.com' } });
    void server.app.mailWorker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toEqual([]);
    // Another worker (or this one after a restart) finds nothing due while the lease holds…
    time.advance(30);
    expect(await server.app.mailWorker.runOnce()).toBe(0);
    // …and sends it once the lease is over.
    time.advance(31);
    expect(await server.app.mailWorker.runOnce()).toBe(1);
    expect(sent).toEqual(['eli@example.com']);
  });

  it('sends mails that were queued while no worker ran', async () => {
    const time = createFakeClock();
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (mail) => (sent.push(mail.to), { messageId: 'x' }),
      close: () => undefined,
    };
    server = await startTestServer({
      clock: time.clock,
      mailTransport: transport,
      env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '50' },
    });
    for (const name of ['fay', 'gus', 'hen']) {
      await server.request('/api/users/signup', { json: { email: `${name}@example.com` } });
    }
    expect(await server.app.mailWorker.runOnce()).toBe(3);
    expect(sent.sort()).toEqual(['fay@example.com', 'gus@example.com', 'hen@example.com']);
  });
});

describe('dev mailbox', () => {
  it('lists the latest mails with their links as JSON and as HTML', async () => {
    server = await startTestServer();
    await server.request('/api/users/signup', {
      json: { email: 'ida@example.com', company: '<b>Acme</b>' },
    });
    const json = await server.request('/api/dev/mailbox', {
      headers: { accept: 'application/json' },
    });
    const entries = (await json.json()) as Array<{ to: string; link: string }>;
    expect(entries[0]?.to).toBe('ida@example.com');
    expect(entries[0]?.link).toMatch(/\/signin\//);
    const html = await (await server.request('/api/dev/mailbox')).text();
    expect(html).toContain('<h1>Dev mailbox</h1>');
    expect(html).toContain(entries[0]!.link);
  });

  it.each(['prd', 'rec'])('does not exist in %s', async (appEnv) => {
    server = await startTestServer({ env: { APP_ENV: appEnv } });
    expect((await server.request('/api/dev/mailbox')).status).toBe(404);
    const rules = await server.request('/api/dev/users/rules', {
      method: 'PUT',
      json: { email: 'a@b.co', rules: [] },
    });
    expect(rules.status).toBe(404);
  });

  it('answers only clients on this machine', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    const local = await server.request('/api/dev/mailbox', {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.status).toBe(200);
    const remote = await server.request('/api/dev/mailbox', {
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(remote.status).toBe(404);
    expect(await remote.json()).toEqual({ message: 'request.not_found' });
    const rules = await server.request('/api/dev/users/rules', {
      method: 'PUT',
      headers: { 'x-forwarded-for': '203.0.113.5' },
      json: { email: 'a@b.co', rules: [] },
    });
    expect(rules.status).toBe(404);
  });
});

describe('SMTP transport', () => {
  it('classifies 5xx answers as permanent and others as transient', async () => {
    smtp = await startSmtpTestServer();
    const transport = createSmtpTransport(smtp.url);
    const mail = {
      id: 'm1',
      from: 'a@b.co',
      to: 'c@d.co',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
      link: null,
    };
    smtp.setAnswer(() => ({ code: 552, message: 'too big' }));
    await expect(transport.send(mail)).rejects.toMatchObject({ permanent: true });
    smtp.setAnswer(() => ({ code: 452, message: 'busy' }));
    await expect(transport.send(mail)).rejects.toMatchObject({ permanent: false });
    transport.close();
  });
});
