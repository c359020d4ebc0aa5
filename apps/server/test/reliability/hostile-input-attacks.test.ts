import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CSV_MAX, isApiError } from '@portal/contract';
import { drums, mailOutbox, sites } from '../../src/db/schema';
import { renderDrumAlertMail } from '../../src/services/mail/templates/drum-alert';
import { renderSignInLinkMail } from '../../src/services/mail/templates/sign-in-link';
import { loadTranslations } from '../../src/services/translations';
import { createFakeClock } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import {
  createCustomer,
  createQuote,
  databaseFingerprint,
  refillRequestBody,
  type Customer,
} from './fixtures';
import { fillPath, listOperations, stateChangingMethods } from './openapi-operations';

/**
 * Reliability suite 1 — hostile input, the named classic attacks: SQL injection in search and
 * filters, path traversal (locales, attachments, static files), a polyglot file renamed .pdf,
 * HTML and script in every free text (stored verbatim, returned as JSON, escaped in e-mails), open
 * redirects, and oversized bodies, headers and URLs. The property-based half is
 * hostile-input.test.ts.
 */

const script = '<script>alert(document.cookie)</script>';
const markup = `"><img src=x onerror=alert(1)>${script}`;

/** A built SPA stand-in (index.html and one asset), with a secret file next to it. */
function fakeWebDist(): { dist: string; secret: string } {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--runtime-settings--></head><body>app</body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  const secret = 'TOP-SECRET-DO-NOT-SERVE';
  writeFileSync(join(root, 'secret.txt'), secret);
  return { dist, secret };
}

/** A request exactly as written: no URL normalisation, no encoding, no connection reuse. */
function rawRequest(
  base: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function expectErrorShape(body: string) {
  const parsed: unknown = JSON.parse(body);
  expect(isApiError(parsed), body).toBe(true);
}

const web = fakeWebDist();
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let me: Customer;
let requestId: string;

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-attacks-')),
      WEB_DIST: web.dist,
    },
  });
  me = await createCustomer(server, 'mallory');
  const created = await server.request('/api/refill/requests', {
    headers: { cookie: me.cookie, 'idempotency-key': 'attack-fixture-1' },
    json: refillRequestBody(me),
  });
  requestId = ((await created.json()) as { id: string }).id;
});
afterAll(() => server.close());

const get = (path: string) => server.request(path, { headers: { cookie: me.cookie } });

describe('suite 1 — named attacks: SQL injection in search and filters', () => {
  const injections = [
    "' OR '1'='1",
    "' OR 1=1 --",
    "%' OR '%'='",
    "'; DROP TABLE users; --",
    "' UNION SELECT token_hash, null, null FROM sessions --",
    '1) OR (1=1',
    "\\' OR 1=1 #",
  ];

  it('treats injection in the spare-parts search as text: no error, nothing written, no extra rows', async () => {
    const all = (await (await get('/api/spareparts?pageSize=25')).json()) as { total: number };
    expect(all.total).toBeGreaterThan(0);
    const before = await databaseFingerprint(server.database.db);
    for (const injection of injections) {
      const response = await get(`/api/spareparts?search=${encodeURIComponent(injection)}`);
      const body: unknown = await response.json();
      // A search without a word of 3 letters or digits is refused by the contract before any
      // SQL runs; that refusal is the text being read as text too.
      if (response.status === 400) {
        expect(body, injection).toMatchObject({
          message: 'request.invalid',
          errors: [{ field: 'search', errorCode: 'field.too_short' }],
        });
        continue;
      }
      expect(response.status, injection).toBe(200);
      const page = body as { total: number };
      // A search that "worked" as SQL would list everything.
      expect(page.total, injection).toBeLessThan(all.total);
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('refuses injection in the filters, sort, paging and graph dates with 400 and a field', async () => {
    const before = await databaseFingerprint(server.database.db);
    const attempts = [
      `/api/spareparts?category=${encodeURIComponent("' OR 1=1 --")}`,
      `/api/spareparts?equipment=${encodeURIComponent("x' OR 'a'='a")}`,
      `/api/spareparts?sort=${encodeURIComponent('partNumber; DROP TABLE users')}`,
      `/api/spareparts?page=${encodeURIComponent('1 OR 1=1')}`,
      `/api/spareparts?pageSize=${encodeURIComponent('25; select 1')}`,
      `/api/spareparts?lang=${encodeURIComponent("fr' --")}`,
      `/api/refill/drums/${me.drumIds[0]}/qgraph?from=${encodeURIComponent("2026-01-01' OR '1'='1")}`,
      `/api/refill/drums/${encodeURIComponent("' OR 1=1 --")}/qgraph`,
      `/api/spareparts/by-number/${encodeURIComponent("' OR '1'='1")}`,
    ];
    for (const path of attempts) {
      const response = await get(path);
      expect([400, 404], path).toContain(response.status);
      const body = await response.text();
      expectErrorShape(body);
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});

describe('suite 1 — named attacks: path traversal', () => {
  const traversals = [
    '/api/locales/..%2f..%2f..%2fpackage.json/fr.json',
    '/api/locales/common/..%2f..%2f..%2fpackage.json',
    '/api/locales/%2e%2e/%2e%2e%2fpackage.json',
    '/api/locales/common%2f..%2f..%2f..%2f..%2fetc/passwd',
    '/api/locales/..%5c..%5cpackage.json/fr.json',
    '/api/locales/common/fr.json%00.png',
    '/api/locales/%c0%ae%c0%ae/fr.json',
  ];

  it.each(traversals)('answers %s with a JSON 404, never a file', async (path) => {
    const response = await rawRequest(server.url, path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectErrorShape(response.body);
    expect(response.body).not.toMatch(/workspaces|root:x:0:0|"name"/);
  });

  it('never serves a file from outside the web root', async () => {
    for (const path of [
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..\\..\\secret.txt',
      '/assets/app-1234.js/..%2f..%2f..%2fsecret.txt',
    ]) {
      const response = await rawRequest(server.url, path);
      expect(response.body, path).not.toContain(web.secret);
      expect(response.status, path).toBeLessThan(500);
    }
    // The one real asset is served, so the test would see a leak.
    expect((await rawRequest(server.url, '/assets/app-1234.js')).body).toBe('console.log(1)');
  });

  it('refuses traversal in attachment ids with 400, and serves no file', async () => {
    for (const id of ['..%2f..%2f..%2fetc%2fpasswd', '%2e%2e', '..', `${requestId}%2f..`]) {
      const response = await rawRequest(
        server.url,
        `/api/refill/requests/${requestId}/attachments/${id}`,
        { headers: { cookie: me.cookie } },
      );
      expect(response.status, id).toBeGreaterThanOrEqual(400);
      expect(response.status, id).toBeLessThan(500);
      expectErrorShape(response.body);
    }
  });
});

describe('suite 1 — named attacks: a polyglot file renamed .pdf', () => {
  const upload = (bytes: Buffer | string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return server.request(`/api/refill/requests/${requestId}/attachments`, {
      method: 'POST',
      headers: { cookie: me.cookie },
      body: form,
    });
  };

  it('refuses HTML, SVG and a GIF/script polyglot named .pdf (the content decides, not the name)', async () => {
    for (const [bytes, name] of [
      [`<!doctype html><html>${script}</html>`, 'invoice.pdf'],
      [`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`, 'drawing.pdf'],
      [`GIF89a/*${script}*/=1;`, 'scan.pdf'],
      [`\ufeff%PDF-1.4 ${script}`, 'bom.pdf'],
    ] as const) {
      const before = await databaseFingerprint(server.database.db);
      const response = await upload(bytes, name);
      expect(response.status, name).toBe(415);
      expectErrorShape(await response.text());
      expect(await databaseFingerprint(server.database.db)).toEqual(before);
    }
  });

  it('keeps a PDF/HTML polyglot only as a PDF download that no browser will render as a page', async () => {
    const polyglot = `%PDF-1.4\n<html><body>${script}</body></html>\n%%EOF\n`;
    const response = await upload(polyglot, '../../<b>evil</b>".html');
    expect(response.status).toBe(201);
    const attachment = (await response.json()) as {
      id: string;
      fileName: string;
      contentType: string;
    };
    expect(attachment.contentType).toBe('application/pdf');
    // The stored name is generated; the shown one has no path and no quote.
    expect(attachment.fileName).not.toMatch(/[/\\"]/);
    const download = await get(`/api/refill/requests/${requestId}/attachments/${attachment.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
  });
});

describe('suite 1 — named attacks: HTML and script in free text', () => {
  it('stores company, names, comments and messages verbatim and returns them as JSON text', async () => {
    const email = 'xss@example.com';
    await server.request('/api/users/signup', { json: { email, company: markup } });
    const cookie = await (async () => {
      const [link] = await server.linksFor(email);
      const response = await server.request('/api/users/signin', {
        json: { hash: new URL(link!).pathname.split('/').pop() },
      });
      return response.headers.getSetCookie()[0]!.split(';')[0]!;
    })();
    const patched = await server.request('/api/users/me', {
      method: 'PATCH',
      headers: { cookie },
      json: { firstName: markup.slice(0, 100), lastName: script },
    });
    expect(patched.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await patched.json()).toMatchObject({
      company: markup,
      firstName: markup.slice(0, 100),
      lastName: script,
    });

    const request = await server.request('/api/refill/requests', {
      headers: { cookie: me.cookie, 'idempotency-key': 'attack-markup-1' },
      json: { ...refillRequestBody(me), comment: markup, poNumber: script.slice(0, 40) },
    });
    expect(request.status).toBe(201);
    expect(await request.json()).toMatchObject({ comment: markup, poNumber: script.slice(0, 40) });

    const message = await server.request(`/api/refill/requests/${requestId}/messages`, {
      headers: { cookie: me.cookie },
      json: { body: markup },
    });
    expect(message.status).toBe(201);
    expect(((await message.json()) as { body: string }).body).toBe(markup);

    const quoteId = await createQuote(server, me, 'attack-quote-0001');
    const quoteMessage = await server.request(`/api/spareparts/quotes/${quoteId}/messages`, {
      headers: { cookie: me.cookie },
      json: { body: markup },
    });
    expect(quoteMessage.status).toBe(201);
    const quoteMessages = await get(`/api/spareparts/quotes/${quoteId}/messages`);
    expect(quoteMessages.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.stringify(await quoteMessages.json())).toContain(
      JSON.stringify(markup).slice(1, -1),
    );
  });

  it('escapes every value that reaches a mail template', () => {
    const translations = loadTranslations();
    for (const lng of ['fr', 'en'] as const) {
      const signIn = renderSignInLinkMail(translations, lng, {
        link: `https://portal.example/signin/abc${markup}`,
        validMinutes: 15,
      });
      const alert = renderDrumAlertMail(translations, lng, {
        serial: markup,
        reference: script,
        site: `Site ${markup}`,
        remainingM: 10,
        remainingPct: 1,
        level: 'critical',
        portalUrl: `https://portal.example/refill?x=${markup}`,
      });
      for (const html of [signIn.html, alert.html]) {
        expect(html).not.toContain('<script');
        expect(html).not.toContain('<img');
        expect(html).toContain('&lt;script&gt;');
      }
      expect(alert.subject).not.toMatch(/[\r\n]/);
    }
  });

  it('escapes a hostile site name and serial in the alert mail a reading raises', async () => {
    const db = server.database.db;
    await db
      .update(sites)
      .set({ name: `Site ${markup}` })
      .where(eq(sites.id, me.siteId));
    await db
      .update(drums)
      .set({ serial: `D-${markup}` })
      .where(eq(drums.id, me.drumIds[1]!));
    const reading = await server.request(`/api/refill/drums/${me.drumIds[1]}/readings`, {
      headers: { cookie: me.cookie },
      json: { remainingM: 50, readAt: '2026-11-23T08:00:00.000Z' },
    });
    expect(reading.status, await reading.clone().text()).toBe(201);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'drum_alert'));
    expect(mail).toBeDefined();
    expect(mail!.html).not.toContain('<script');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('escapes the dev mailbox page', async () => {
    const page = await (await server.request('/api/dev/mailbox')).text();
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
  });
});

describe('suite 1 — named attacks: open redirects', () => {
  it('never answers a redirect to another origin, whatever the path', async () => {
    for (const path of [
      '//evil.example/',
      '//evil.example/%2e%2e',
      '/\\evil.example',
      '/%2f%2fevil.example',
      '/%5cevil.example',
      '/assets//evil.example/x.js',
      '/assets',
      '/signin/abc?next=https://evil.example',
      '/auth?redirect=//evil.example',
      '/api/..//evil.example',
      '///evil.example/%2f..',
    ]) {
      const response = await rawRequest(server.url, path);
      if (response.status >= 300 && response.status < 400) {
        const location = String(response.headers.location ?? '');
        const target = new URL(location, server.url);
        expect(target.origin, `${path} → ${location}`).toBe(server.origin);
        expect(location, path).not.toMatch(/^\/\/|^\/\\/);
      }
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

const csvImportPath = '/api/backoffice/accounts/{id}/import';
const csvImport = `POST ${csvImportPath}`;

describe('suite 1 — named attacks: oversized input', () => {
  it('refuses a JSON body over 16 KiB with 413 on every operation that takes one, writing nothing', async () => {
    // The machines' batch endpoints take bigger bodies: their own limits are tested beside them
    // (machines.routes.test.ts). So does the CSV import, a file's text: its limit is tested below.
    const operations = (await listOperations(server)).filter(
      (operation) =>
        stateChangingMethods.has(operation.method) &&
        operation.body &&
        !operation.bearer &&
        operation.name !== csvImport,
    );
    expect(operations.length).toBeGreaterThanOrEqual(8);
    const huge = JSON.stringify({ body: 'x'.repeat(17 * 1024), comment: 'y'.repeat(1024) });
    for (const operation of operations) {
      const before = await databaseFingerprint(server.database.db);
      const path = fillPath(operation.path, { id: requestId });
      const response = await server.request(path, {
        method: operation.method,
        headers: {
          cookie: me.cookie,
          'content-type': 'application/json',
          'idempotency-key': 'huge-body-1',
        },
        body: huge,
      });
      expect(response.status, operation.name).toBe(413);
      expect(await response.json()).toEqual({ message: 'request.too_large' });
      expect(await databaseFingerprint(server.database.db)).toEqual(before);
    }
  });

  it('refuses a CSV import over its own limit with 413, writing nothing', async () => {
    const before = await databaseFingerprint(server.database.db);
    const response = await server.request(fillPath(csvImportPath, { id: requestId }), {
      method: 'POST',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'drums', csv: 'x'.repeat(IMPORT_CSV_MAX * 4 + 2048) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'request.too_large' });
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('refuses a JSON bomb (deep nesting, many keys) within the size limit without a 5xx', async () => {
    const deep = '['.repeat(7000) + ']'.repeat(7000);
    const wide = JSON.stringify(
      Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])),
    );
    for (const body of [deep, wide]) {
      const response = await server.request('/api/users/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      expectErrorShape(await response.text());
    }
  });

  it('answers headers and URLs over 16 KiB, over-long parameters and bad escapes with the error shape', async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      ['/api/users/me', { cookie: `session=${'a'.repeat(20_000)}` }, 431],
      [`/api/spareparts?search=${'a'.repeat(20_000)}`, {}, 431],
      [`/api/refill/drums/${'a'.repeat(200)}/qgraph`, { cookie: me.cookie }, 414],
      ['/api/refill/drums/%E0%A4%A/qgraph', { cookie: me.cookie }, 400],
    ];
    for (const [path, headers, status] of cases) {
      const response = await rawRequest(server.url, path, { headers });
      expect(response.status, path.slice(0, 60)).toBe(status);
      expectErrorShape(response.body);
      // The router's refusals carry the same security headers as every other answer.
      if (status !== 431) {
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      }
    }
  });

  it('refuses NUL in any text field with 400 naming the field, instead of a database error', async () => {
    const before = await databaseFingerprint(server.database.db);
    const response = await server.request('/api/users/signup', {
      json: { email: 'nul@example.com', company: 'Acme\u0000Corp' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'company', errorCode: 'field.invalid' }],
    });
    const search = await get(`/api/spareparts?search=${encodeURIComponent('a\u0000b')}`);
    expect(search.status).toBe(400);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });
});
