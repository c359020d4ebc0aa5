import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client';
import { accounts, cableProducts, drumTypes, drums, sites, users } from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import {
  databaseAttachmentStore,
  directoryAttachmentStore,
  moveAttachmentFilesToDatabase,
} from '../../services/refill/attachment-store';
import { readAttachment, storeAttachment } from '../../services/refill/attachments';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
let time: ReturnType<typeof createFakeClock>;

/** A test server (with `env` over the defaults), its catalogue seeded. */
async function startServer(env: Record<string, string> = {}) {
  server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-files-')),
      ...env,
    },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
}

beforeEach(async () => {
  // Monday 23 November 2026, 10:00 in Paris: the earliest delivery is Wednesday 25th.
  time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
  await startServer();
});
afterEach(() => server.close());

async function account(name: string) {
  const [row] = await db.insert(accounts).values({ name }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: row!.id, name: `${name} site`, city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const [drum] = await db
    .insert(drums)
    .values({
      accountId: row!.id,
      siteId: site!.id,
      productId: product!.id,
      drumTypeId: drumType!.id,
      serial: `${name}-1`,
      initialLengthM: 1000,
      installedOn: '2026-06-01',
    })
    .returning();
  const email = `${name}@example.com`;
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set({ accountId: row!.id, role: 'admin' }).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  const cookie = sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
  return { accountId: row!.id, siteId: site!.id, drumId: drum!.id, cookie };
}

function validRequest(siteId: string, drumId: string) {
  return {
    items: [{ drumId, quantity: 2 }],
    siteId,
    deliveryDate: '2026-11-25',
    windowStart: '08:00',
    windowEnd: '12:00',
    contactPhone: '+33612345678',
    poNumber: 'PO-1234',
    comment: 'Gate B',
  };
}

const submit = (cookie: string, body: unknown, key = 'key-0000-0001', timezone = 'Europe/Paris') =>
  server.request('/api/refill/requests', {
    headers: { cookie, 'idempotency-key': key, timezone },
    json: body,
  });

describe('POST /api/refill/requests', () => {
  it('creates the request, acknowledges it in its conversation and marks its drums ordered', async () => {
    const me = await account('acme');
    const response = await submit(me.cookie, validRequest(me.siteId, me.drumId));
    expect(response.status).toBe(201);
    const created = (await response.json()) as {
      id: string;
      number: string;
      status: string;
      items: unknown[];
    };
    expect(created).toMatchObject({
      number: 'RR-000001',
      status: 'submitted',
      items: [{ drumId: me.drumId, serial: 'acme-1', quantity: 2 }],
    });
    const messages = (await (
      await server.request(`/api/refill/requests/${created.id}/messages`, {
        headers: { cookie: me.cookie },
      })
    ).json()) as { messages: Array<{ author: string; body: string; authorName: string }> };
    expect(messages.messages).toHaveLength(1);
    expect(messages.messages[0]).toMatchObject({ author: 'service', authorName: 'Service client' });
    expect(messages.messages[0]?.body).toContain('RR-000001');
    // The delivery day as French writes it in a sentence, never in ISO form.
    expect(messages.messages[0]?.body).toContain('le 25 novembre 2026 entre');
    expect(messages.messages[0]?.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const list = (await (
      await server.request('/api/refill/drums', { headers: { cookie: me.cookie } })
    ).json()) as {
      drums: Array<{ status: string }>;
    };
    expect(list.drums[0]?.status).toBe('ordered');
  });

  it('answers a repeated Idempotency-Key with the first request and stores it once, even concurrently', async () => {
    const me = await account('idem');
    const body = validRequest(me.siteId, me.drumId);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submit(me.cookie, body, 'same-key-123')),
    );
    const ids = new Set(
      await Promise.all(
        responses.map(async (response) => ((await response.json()) as { id: string }).id),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    expect(ids.size).toBe(1);
    const count = await db.execute(sql`select count(*)::int as n from refill_requests`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    const items = await db.execute(sql`select count(*)::int as n from refill_request_items`);
    expect((items as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    expect((await submit(me.cookie, body, 'another-key-1')).status).toBe(201);
  });

  it.each([
    ['no drum', { items: [] }, 'items'],
    ['a zero quantity', { quantity: 0 }, 'items.0.quantity'],
    ['tomorrow (too early)', { deliveryDate: '2026-11-24' }, 'deliveryDate'],
    ['a Saturday', { deliveryDate: '2026-11-28' }, 'deliveryDate'],
    ['an end before the start', { windowStart: '14:00', windowEnd: '09:00' }, 'windowEnd'],
    ['a bad time', { windowStart: '25:00' }, 'windowStart'],
    ['a bad phone', { contactPhone: '0612345678' }, 'contactPhone'],
    ['a long PO number', { poNumber: 'x'.repeat(41) }, 'poNumber'],
    ['a long comment', { comment: 'x'.repeat(1001) }, 'comment'],
  ])('refuses %s with 400 on the field', async (_case, change, field) => {
    const me = await account(
      `v${field.replace(/\W/g, '').toLowerCase()}${Math.random().toString(36).slice(2, 6)}`,
    );
    const base = validRequest(me.siteId, me.drumId);
    const body =
      'quantity' in change
        ? { ...base, items: [{ drumId: me.drumId, quantity: 0 }] }
        : { ...base, ...change };
    const response = await submit(me.cookie, body);
    expect(response.status).toBe(400);
    const payload = (await response.json()) as { errors: Array<{ field: string }> };
    expect(payload.errors.map((error) => error.field)).toEqual([field]);
    const count = await db.execute(sql`select count(*)::int as n from refill_requests`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('refuses a request whose drums are not all on its delivery site, and stores nothing', async () => {
    const me = await account('twosites');
    const [second] = await db
      .insert(sites)
      .values({ accountId: me.accountId, name: 'twosites second site', city: 'Lille' })
      .returning();
    const [model] = await db.select().from(drums).where(eq(drums.id, me.drumId));
    const [elsewhere] = await db
      .insert(drums)
      .values({
        ...model!,
        id: undefined,
        publicCode: undefined,
        siteId: second!.id,
        serial: 'twosites-2',
      })
      .returning();
    const response = await submit(me.cookie, {
      ...validRequest(me.siteId, me.drumId),
      items: [
        { drumId: me.drumId, quantity: 1 },
        { drumId: elsewhere!.id, quantity: 1 },
      ],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'items.1.drumId', errorCode: 'refill.drum_on_other_site' }],
    });
    const count = await db.execute(sql`select count(*)::int as n from refill_requests`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it("refuses another account's drum or site, and a missing Idempotency-Key", async () => {
    const me = await account('mine');
    const other = await account('theirs');
    const foreignDrum = await submit(me.cookie, {
      ...validRequest(me.siteId, me.drumId),
      items: [{ drumId: other.drumId, quantity: 1 }],
    });
    expect(
      ((await foreignDrum.json()) as { errors: Array<{ field: string }> }).errors[0]?.field,
    ).toBe('items.0.drumId');
    const foreignSite = await submit(
      me.cookie,
      validRequest(other.siteId, me.drumId),
      'key-site-0001',
    );
    expect(
      ((await foreignSite.json()) as { errors: Array<{ field: string }> }).errors[0]?.field,
    ).toBe('siteId');
    const noKey = await server.request('/api/refill/requests', {
      headers: { cookie: me.cookie },
      json: validRequest(me.siteId, me.drumId),
    });
    expect(noKey.status).toBe(400);
    const count = await db.execute(sql`select count(*)::int as n from refill_requests`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it("judges the date in the user's time zone", async () => {
    const me = await account('tz');
    time.advance(-9.5 * 3600); // Sunday 22nd, 23:30 UTC: already Monday in Paris, still Sunday in New York
    expect(
      (
        await submit(
          me.cookie,
          { ...validRequest(me.siteId, me.drumId), deliveryDate: '2026-11-24' },
          'k-newyork-1',
          'America/New_York',
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await submit(
          me.cookie,
          { ...validRequest(me.siteId, me.drumId), deliveryDate: '2026-11-24' },
          'k-paris-001',
          'Europe/Paris',
        )
      ).status,
    ).toBe(400);
  });
});

describe('conversation and attachments', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64),
  ]);

  async function upload(
    cookie: string,
    requestId: string,
    bytes: Buffer,
    name: string,
    type = 'application/pdf',
  ) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return server.request(`/api/refill/requests/${requestId}/attachments`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
  }

  async function newRequest() {
    const me = await account(`c${Math.random().toString(36).slice(2, 8)}`);
    const created = (await (
      await submit(me.cookie, validRequest(me.siteId, me.drumId))
    ).json()) as { id: string };
    return { ...me, requestId: created.id };
  }

  it('adds a customer message after the acknowledgement, escaped nowhere but stored as typed', async () => {
    const { cookie, requestId } = await newRequest();
    const posted = await server.request(`/api/refill/requests/${requestId}/messages`, {
      headers: { cookie },
      json: { body: '<script>alert(1)</script> Can you deliver at gate B?' },
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toMatchObject({
      author: 'customer',
      body: '<script>alert(1)</script> Can you deliver at gate B?',
    });
    const empty = await server.request(`/api/refill/requests/${requestId}/messages`, {
      headers: { cookie },
      json: { body: '   ' },
    });
    expect(empty.status).toBe(400);
  });

  it('keeps PDF and PNG files, recognised by content, and gives them back only as downloads', async () => {
    const { cookie, requestId } = await newRequest();
    const stored = await upload(cookie, requestId, pdf, '../../etc/passwd.pdf');
    expect(stored.status).toBe(201);
    const attachment = (await stored.json()) as {
      id: string;
      fileName: string;
      contentType: string;
      sizeBytes: number;
    };
    expect(attachment).toMatchObject({
      fileName: 'passwd.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
    });
    // A PNG sent as "application/pdf" is recorded as what it is.
    const image = (await (await upload(cookie, requestId, png, 'plan.pdf')).json()) as {
      contentType: string;
    };
    expect(image.contentType).toBe('image/png');
    const download = await server.request(
      `/api/refill/requests/${requestId}/attachments/${attachment.id}`,
      { headers: { cookie } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''passwd.pdf",
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const list = (await (
      await server.request('/api/refill/requests', { headers: { cookie } })
    ).json()) as {
      requests: Array<{ attachments: unknown[] }>;
    };
    expect(list.requests[0]?.attachments).toHaveLength(2);
  });

  it('names a file by the type it is: the extension comes from its content, not from its name', async () => {
    const { cookie, requestId } = await newRequest();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
    const cases: Array<[Buffer, string, string]> = [
      [png, 'report.html', 'report.png'],
      [png, 'report', 'report.png'],
      [pdf, 'quote.PDF', 'quote.PDF'],
      [jpeg, 'photo.jpeg', 'photo.jpeg'],
      [jpeg, 'photo.svg', 'photo.jpg'],
      [pdf, '.htaccess', 'file.pdf'],
    ];
    for (const [bytes, name, expected] of cases) {
      const stored = await upload(cookie, requestId, bytes, name);
      const attachment = (await stored.json()) as { id: string; fileName: string };
      expect(attachment.fileName, name).toBe(expected);
      const download = await server.request(
        `/api/refill/requests/${requestId}/attachments/${attachment.id}`,
        { headers: { cookie } },
      );
      expect(download.headers.get('content-disposition'), name).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent(expected)}`,
      );
    }
  });

  it('strips format characters (right-to-left override…) and control characters from file names', async () => {
    const { cookie, requestId } = await newRequest();
    const cases: Array<[string, string]> = [
      ['invoice\u202Efdp.exe', 'invoicefdp.pdf'],
      ['a\u200Bb\u2066c\uFEFFd\u00ADe.pdf', 'abcde.pdf'],
      ['bell\u0007tab\tnel\u0085csi\u009B.pdf', 'belltabnelcsi.pdf'],
      ['\u202E\u0000', 'file.pdf'],
    ];
    for (const [name, expected] of cases) {
      const stored = await upload(cookie, requestId, pdf, name);
      expect(stored.status, JSON.stringify(name)).toBe(201);
      const attachment = (await stored.json()) as { fileName: string };
      expect(attachment.fileName, JSON.stringify(name)).toBe(expected);
      expect(attachment.fileName).not.toMatch(/[\p{Cf}\p{Cc}]/u);
    }
  });

  it('keeps a file of many pieces byte for byte where every instance reads it: in PostgreSQL, or in DATA_DIR with PGlite', async () => {
    const { cookie, requestId } = await newRequest();
    // 1.3 MB of varied bytes: five pieces of at most 256 KiB, the last one short.
    const body = Buffer.alloc(1_300_000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 251;
    const file = Buffer.concat([pdf, body]);
    const stored = await upload(cookie, requestId, file, 'plan.pdf');
    expect(stored.status).toBe(201);
    const { id, sizeBytes } = (await stored.json()) as { id: string; sizeBytes: number };
    expect(sizeBytes).toBe(file.length);
    const download = await server.request(`/api/refill/requests/${requestId}/attachments/${id}`, {
      headers: { cookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-length')).toBe(String(file.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);

    const pieces = await queryRows<{ n: number; bytes: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(length(bytes)), 0)::int as bytes
          from request_attachment_chunks`,
    );
    const folder = join(server.settings.dataDir, 'attachments');
    const files = existsSync(folder) ? readdirSync(folder) : [];
    if (server.database.kind === 'postgres') {
      expect(pieces[0]).toEqual({ n: 5, bytes: file.length });
      expect(files).toEqual([]);
    } else {
      expect(pieces[0]).toEqual({ n: 0, bytes: 0 });
      expect(files).toHaveLength(1);
    }

    // A refused file leaves nothing behind, in the database or on disk.
    const tooBig = await upload(
      cookie,
      requestId,
      Buffer.concat([file, Buffer.alloc(4_000_000)]),
      'big.pdf',
    );
    expect(tooBig.status).toBe(413);
    const after = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from request_attachments`,
    );
    expect(after[0]?.n).toBe(1);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual(files);
  });

  it('moves the files an older version kept in DATA_DIR into the database, once, on any number of starts', async () => {
    const { cookie, requestId, accountId } = await newRequest();
    const folder = directoryAttachmentStore(server.settings.dataDir);
    const file = Buffer.concat([pdf, Buffer.alloc(600_000, 0x41)]);
    const old = await storeAttachment(db, {
      files: folder,
      accountId,
      requestId,
      file: { fileName: 'old.pdf', content: Readable.from([file]), isTruncated: () => false },
      now: time.clock(),
      quotas: server.settings.quotas,
      author: 'customer',
    });
    const dir = join(server.settings.dataDir, 'attachments');
    expect(readdirSync(dir)).toHaveLength(1);
    // Two instances starting at the same moment: the file moves once.
    const moved = await Promise.all([
      moveAttachmentFilesToDatabase(db, server.settings.dataDir),
      moveAttachmentFilesToDatabase(db, server.settings.dataDir),
    ]);
    expect(moved.sort()).toEqual([0, 1]);
    expect(readdirSync(dir)).toEqual([]);
    expect(await moveAttachmentFilesToDatabase(db, server.settings.dataDir)).toBe(0);
    const read = await readAttachment(db, {
      files: databaseAttachmentStore,
      requestId,
      attachmentId: old.id,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of read.content) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
    if (server.database.kind === 'postgres') {
      const download = await server.request(
        `/api/refill/requests/${requestId}/attachments/${old.id}`,
        { headers: { cookie } },
      );
      expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
    }
  });

  it('refuses a file that is not a PDF, PNG or JPEG whatever its name, and one above 5 MB', async () => {
    const { cookie, requestId } = await newRequest();
    const html = await upload(
      cookie,
      requestId,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'invoice.pdf',
    );
    expect(html.status).toBe(415);
    expect(await html.json()).toEqual({ message: 'request.unsupported_media_type' });
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(cookie, requestId, big, 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ message: 'request.too_large' });
  });

  it("keeps another account's requests, messages and files out of reach (404)", async () => {
    const mine = await newRequest();
    const stored = (await (await upload(mine.cookie, mine.requestId, pdf, 'a.pdf')).json()) as {
      id: string;
    };
    const other = await account('outsider');
    const paths = [
      `/api/refill/requests/${mine.requestId}/messages`,
      `/api/refill/requests/${mine.requestId}/attachments/${stored.id}`,
    ];
    for (const path of paths)
      expect((await server.request(path, { headers: { cookie: other.cookie } })).status).toBe(404);
    const post = await server.request(`/api/refill/requests/${mine.requestId}/messages`, {
      headers: { cookie: other.cookie },
      json: { body: 'hi' },
    });
    expect(post.status).toBe(404);
    expect((await upload(other.cookie, mine.requestId, pdf, 'x.pdf')).status).toBe(404);
    const list = (await (
      await server.request('/api/refill/requests', { headers: { cookie: other.cookie } })
    ).json()) as { requests: unknown[] };
    expect(list.requests).toEqual([]);
  });
});

describe('quotas', () => {
  async function upload(cookie: string, requestId: string, bytes: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'a.pdf');
    return server.request(`/api/refill/requests/${requestId}/attachments`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
  }
  /** A PDF of `kib` KiB. */
  const pdfOf = (kib: number) =>
    Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(kib * 1024 - 9, 0x20)]);
  async function requestOf(me: Awaited<ReturnType<typeof account>>, key: string) {
    const created = await submit(me.cookie, validRequest(me.siteId, me.drumId), key);
    return ((await created.json()) as { id: string }).id;
  }

  it('caps the attachments of a request and the attachment bytes of an account', async () => {
    await server.close();
    await startServer({ ATTACHMENTS_PER_REQUEST: '3', ATTACHMENT_MB_PER_ACCOUNT: '1' });
    const me = await account('quota');
    const first = await requestOf(me, 'quota-key-0001');
    for (let i = 0; i < 3; i++)
      expect((await upload(me.cookie, first, pdfOf(10))).status).toBe(201);
    const fourth = await upload(me.cookie, first, pdfOf(10));
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toEqual({ message: 'refill.too_many_attachments' });

    // 30 KiB stored; a second request may hold 3 more files, up to 1 MiB for the whole account.
    const second = await requestOf(me, 'quota-key-0002');
    expect((await upload(me.cookie, second, pdfOf(900))).status).toBe(201);
    const full = await upload(me.cookie, second, pdfOf(100));
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ message: 'refill.attachment_storage_full' });
    expect((await upload(me.cookie, second, pdfOf(90))).status).toBe(201);

    // Another account has its own allowance.
    const other = await account('quota2');
    const theirs = await requestOf(other, 'quota-key-0003');
    expect((await upload(other.cookie, theirs, pdfOf(900))).status).toBe(201);
  });

  it('limits the messages a conversation takes in a minute', async () => {
    await server.close();
    await startServer({ RATE_LIMIT_MESSAGES_PER_CONVERSATION_MINUTE: '3' });
    const me = await account('chatty');
    const first = await requestOf(me, 'chat-key-0001');
    const second = await requestOf(me, 'chat-key-0002');
    const write = (requestId: string) =>
      server.request(`/api/refill/requests/${requestId}/messages`, {
        headers: { cookie: me.cookie },
        json: { body: 'Hello' },
      });
    for (let i = 0; i < 3; i++) expect((await write(first)).status).toBe(201);
    const refused = await write(first);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'conversation.too_many_messages' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await write(second)).status).toBe(201);
    time.advance(61);
    expect((await write(first)).status).toBe(201);
  });
});

describe('paging', () => {
  it('pages the requests and a conversation, refusing a page above the maximum', async () => {
    const me = await account('pager');
    for (const key of ['page-key-0001', 'page-key-0002', 'page-key-0003']) {
      time.advance(60);
      expect((await submit(me.cookie, validRequest(me.siteId, me.drumId), key)).status).toBe(201);
    }
    const list = async (query: string) => {
      const response = await server.request(`/api/refill/requests${query}`, {
        headers: { cookie: me.cookie },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const first = await list('?limit=2');
    expect(first.status).toBe(200);
    const firstPage = first.body as { requests: Array<{ number: string }>; nextOffset: number };
    expect(firstPage.requests).toHaveLength(2);
    expect(firstPage.nextOffset).toBe(2);
    const last = (await list('?limit=2&offset=2')).body as {
      requests: Array<{ number: string; id: string }>;
      nextOffset: null;
    };
    expect(last.requests).toHaveLength(1);
    expect(last.nextOffset).toBeNull();
    // Newest first, each request once across the pages.
    const numbers = [...firstPage.requests, ...last.requests].map((request) => request.number);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect((await list('')).body).toMatchObject({ nextOffset: null });

    expect(await list('?limit=201')).toEqual({
      status: 400,
      body: {
        message: 'request.invalid',
        errors: [{ field: 'limit', errorCode: 'field.page_too_large' }],
      },
    });
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?offset=10001']) {
      expect((await list(query)).status, query).toBe(400);
    }

    const requestId = last.requests[0]!.id;
    for (const body of ['one', 'two']) {
      time.advance(1);
      await server.request(`/api/refill/requests/${requestId}/messages`, {
        headers: { cookie: me.cookie },
        json: { body },
      });
    }
    const messages = async (query: string) =>
      (await (
        await server.request(`/api/refill/requests/${requestId}/messages${query}`, {
          headers: { cookie: me.cookie },
        })
      ).json()) as { messages: Array<{ body: string }>; nextOffset: number | null };
    // The acknowledgement, then the two messages, oldest first.
    const page = await messages('?limit=2');
    expect(page.messages[1]?.body).toBe('one');
    expect(page.nextOffset).toBe(2);
    expect((await messages('?limit=2&offset=2')).messages.map((m) => m.body)).toEqual(['two']);
    const tooLarge = await server.request(`/api/refill/requests/${requestId}/messages?limit=500`, {
      headers: { cookie: me.cookie },
    });
    expect(tooLarge.status).toBe(400);
  });
});
