import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startTestServer, type TestServer } from '../test/test-server';

/** A tiny built SPA, so these tests do not depend on `vite build`. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--runtime-settings--><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  const script = 'console.log("portal");'.repeat(50);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(
    join(dir, 'assets', 'slide-drums-4.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  // The part of Vite's manifest the server reads to name a page's first files.
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-abc123.js',
        isEntry: true,
        imports: ['_shared.js'],
        css: ['assets/index-abc123.css'],
      },
      '_shared.js': { file: 'assets/shared-1.js' },
      'src/features/auth/routes/auth-page.tsx': {
        file: 'assets/auth-page-2.js',
        imports: ['index.html', '_shared.js', '_field.js'],
        css: ['assets/auth-page-2.css'],
      },
      '_field.js': { file: 'assets/field-3.js' },
      'src/features/auth/assets/slide-drums.svg': { file: 'assets/slide-drums-4.svg' },
      'src/features/refill/routes/refill-page.tsx': { file: 'assets/refill-page-5.js' },
    }),
  );
  // The SPA's page map, as the web build writes it: a visitor page, a signed-in one, a public one.
  const page = (name: string, path: string, access: string, extra: object = {}) => {
    const module = `src/features/${name}/routes/${name}-page.tsx`;
    const frame = ['src/app/shell/shell.tsx', 'src/app/session-query.tsx'];
    const ability = 'ability' in extra ? ['src/app/guards/require-ability.tsx'] : [];
    return {
      name,
      path,
      access,
      module,
      namespaces: [name],
      firstRenderModules: access === 'signedIn' ? [...frame, ...ability, module] : [module],
      ...extra,
    };
  };
  writeFileSync(
    join(dir, 'pages.json'),
    JSON.stringify({
      pages: [
        page('auth', '/auth', 'visitor', {
          namespaces: ['auth', 'errors'],
          image: 'src/features/auth/assets/slide-drums.svg',
          alsoPreloads: ['src/features/consent/components/consent-dialog.tsx'],
          alsoNamespaces: ['consent'],
          prerendered: {
            name: 'auth',
            isPerEnvironment: false,
            styledBy: ['src/features/auth/routes/auth-page.tsx'],
            isWhole: true,
          },
        }),
        page('refill', '/refill', 'signedIn', {
          ability: { action: 'get', subject: 'refill' },
          reads: ['/api/refill/drums'],
          prerendered: {
            name: 'refill',
            isPerEnvironment: true,
            styledBy: ['src/app/shell/shell.tsx', 'src/features/refill/routes/refill-page.tsx'],
            isWhole: false,
          },
        }),
        page('compliancy', '/compliancy', 'public', { namespaces: ['consent'] }),
      ],
      signedInFrame: {
        namespaces: ['spareparts', 'consent'],
        reads: ['/api/users/me'],
      },
      homePage: 'refill',
      visitorHomePage: 'auth',
    }),
  );
  return dir;
}

const echoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().max(20), email: z.email() }) } },
    async (request) => request.body,
  );
  app.get('/api/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { done: true };
  });
  app.get('/api/test/crash', async () => {
    throw new Error('secret internal detail');
  });
};

describe('HTTP foundation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { WEB_DIST: fakeWebDist(), APP_ENV: 'rec' },
      extend: (app) => app.register(echoRoutes),
    });
  });
  afterAll(() => server.close());

  it('serves the source maps outside prd, for whoever debugs', async () => {
    expect((await server.request('/assets/index-abc123.js.map')).status).toBe(200);
  });

  it('answers /api/health with 200 when the database answers', async () => {
    const response = await server.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404, never the SPA', async () => {
    const response = await server.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ message: 'request.not_found' });
  });

  it('serves index.html with the runtime settings for any page path, uncached', async () => {
    for (const path of ['/', '/auth', '/refill/calculator', '/some/unknown/page']) {
      const response = await server.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain(
        '<script type="application/json" id="runtime-settings">{"appEnv":"rec","gaMeasurementId":null,"hasSession":false,"localeCookie":null,"apiReference":true}</script>',
      );
    }
  });

  it('serves the API reference page outside prd, its style elements allowed, its scripts as strict', async () => {
    const response = await server.request('/integration/reference');
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    // Scripts as strict as on every page: our own files, and WebAssembly compiled, never inline.
    expect(policy).toMatch(/script-src 'self'( 'wasm-unsafe-eval')?;/);
    const elsewhere = await server.request('/integration');
    expect(elsewhere.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  it('tells the SPA whether the page request carried a session cookie', async () => {
    const hint = async (cookie?: string) => {
      const response = await server.request('/refill', cookie ? { headers: { cookie } } : {});
      const html = await response.text();
      return /"hasSession":(true|false)/.exec(html)?.[1];
    };
    expect(await hint()).toBe('false');
    expect(await hint('locale=en')).toBe('false');
    expect(await hint('sessionx=1; locale=en')).toBe('false');
    expect(await hint('locale=en; session=abc')).toBe('true');
  });

  it("tells the SPA the language of the request's locale cookie, if it names one of ours", async () => {
    const reading = async (cookie?: string) => {
      const response = await server.request('/auth', cookie ? { headers: { cookie } } : {});
      return /"localeCookie":("[a-z]+"|null)/.exec(await response.text())?.[1];
    };
    expect(await reading()).toBe('null');
    expect(await reading('locale=en-GB')).toBe('"en"');
    expect(await reading('session=x; locale=fr')).toBe('"fr"');
    expect(await reading('locale=de')).toBe('null');
  });

  it('preloads the common and shell namespaces in the language the SPA will detect', async () => {
    const preload = (lng: string, ns = 'common') =>
      `<link rel="preload" as="fetch" crossorigin href="/api/locales/${ns}/${lng}.json">`;
    const cases: [Record<string, string>, string][] = [
      [{}, 'fr'],
      [{ 'accept-language': 'en-GB,en;q=0.9' }, 'en'],
      [{ 'accept-language': 'de-DE, en;q=0.5, fr;q=0.8' }, 'fr'],
      [{ 'accept-language': 'en', cookie: 'session=x; locale=fr' }, 'fr'],
      [{ 'accept-language': 'fr', cookie: 'locale=en' }, 'en'],
      [{ 'accept-language': 'de', cookie: 'locale=../../etc' }, 'fr'],
      [{ 'accept-language': 'fr', cookie: 'locale=en-GB' }, 'en'],
    ];
    for (const [headers, lng] of cases) {
      const response = await server.request('/refill', { headers });
      const html = await response.text();
      expect(html, JSON.stringify(headers)).toContain(preload(lng));
      expect(html, JSON.stringify(headers)).toContain(preload(lng, 'shell'));
      expect(html.match(/\/api\/locales\/(common|shell)\//g)).toHaveLength(2);
      expect(response.headers.get('vary')).toMatch(/cookie/i);
    }
    // The preloaded URLs are ones the API really serves.
    for (const ns of ['common', 'shell']) {
      expect((await server.request(`/api/locales/${ns}/en.json`)).status).toBe(200);
    }
  });

  it('serves hashed assets precompressed and immutable', async () => {
    const brotli = await server.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A script is never a document: it keeps nosniff and the referrer policy, and no more.
    expect(brotli.headers.get('x-content-type-options')).toBe('nosniff');
    expect(brotli.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ]) {
      expect(brotli.headers.get(documentOnly)).toBeNull();
    }
    // An image may be opened as a document (an SVG runs scripts): it keeps them all.
    const image = await server.request('/assets/slide-drums-4.svg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-security-policy')).toContain("default-src 'self'");
    const gzip = await server.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const missing = await server.request('/assets/missing-123.js');
    expect(missing.status).toBe(404);
  });

  it('serves the files beside the assets for an hour, and no hidden one', async () => {
    const robots = await server.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('User-agent');
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await server.request('/.vite/manifest.json')).headers.get('content-type')).toContain(
      'text/html',
    );
  });

  it('serves neither a compressed copy by its own name nor the files the server reads itself', async () => {
    for (const copy of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      expect((await server.request(copy)).status).toBe(404);
    }
    // The page template and the page map by name are a page of the SPA, its settings filled in.
    for (const path of ['/index.html', '/pages.json', '/assets/../index.html']) {
      const page = await server.request(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).not.toContain('<!--runtime-settings-->');
      expect(html).not.toContain('"pages"');
    }
  });

  it("names the first page's files in the HTML, so they load beside the entry script", async () => {
    const visitor = await (
      await server.request('/refill', { headers: { 'accept-language': 'en' } })
    ).text();
    // A visitor at a signed-in page gets the auth page: its chunk and what it imports (not
    // the entry's own), its style, its first slide and its namespaces, after the entry script.
    for (const tag of [
      '<link rel="modulepreload" href="/assets/auth-page-2.js">',
      '<link rel="modulepreload" href="/assets/field-3.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/auth-page-2.css">',
      '<link rel="preload" as="image" fetchpriority="high" href="/assets/slide-drums-4.svg">',
      '<link rel="preload" as="fetch" crossorigin href="/api/locales/auth/en.json">',
      '<link rel="preload" as="fetch" crossorigin href="/api/locales/consent/en.json">',
    ]) {
      expect(visitor).toContain(tag);
    }
    expect(visitor).not.toContain('shared-1.js');
    expect(visitor).not.toContain('refill-page');
    const signedIn = await (
      await server.request('/refill', { headers: { cookie: 'session=x; locale=fr' } })
    ).text();
    expect(signedIn).toContain('<link rel="modulepreload" href="/assets/refill-page-5.js">');
    expect(signedIn).toContain('/api/locales/refill/fr.json');
    // Its first API reads, with the credentials the SPA's calls carry.
    expect(signedIn).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/users/me">',
    );
    expect(signedIn).toContain('href="/api/refill/drums"');
    expect(signedIn).not.toContain('auth-page');
    // Pages that are not a first landing name nothing of their own.
    const privacy = await (await server.request('/compliancy')).text();
    expect(privacy).not.toContain('modulepreload');
  });

  it('sends the page compressed when the browser takes it', async () => {
    const plain = await (await server.request('/auth')).text();
    const response = await server.request('/auth', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes it: the same page.
    expect(await response.text()).toBe(plain);
  });

  it('sets the security headers on API and page answers', async () => {
    for (const path of ['/api/health', '/auth', '/api/nope']) {
      const response = await server.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('google');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    // Pages whose address holds a one-time link's token never pass it on as a Referer, in every
    // spelling the browser's router opens as that page.
    for (const path of [
      '/signin/abc',
      '/alerts/confirm/abc',
      '/SignIn/abc',
      '/%73ignin/abc',
      '//signin//abc',
      '/alerts/Confirm/abc',
    ]) {
      const page = await server.request(path);
      expect(page.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('accepts a valid JSON body from our own origin', async () => {
    const response = await server.request('/api/test/echo', {
      json: { name: 'Ada', email: 'ada@example.com' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('refuses a body above 16 KiB with 413', async () => {
    const response = await server.request('/api/test/echo', {
      json: { name: 'x'.repeat(17 * 1024), email: 'ada@example.com' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'request.too_large' });
  });

  it('refuses malformed JSON with 400 and an error code', async () => {
    const response = await server.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Ada",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'request.malformed_json' });
  });

  it('answers schema violations with 400 and one error per field', async () => {
    const response = await server.request('/api/test/echo', { json: { name: 42 } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: unknown[] };
    expect(body.message).toBe('request.invalid');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', errorCode: 'field.invalid' },
        { field: 'email', errorCode: 'field.required' },
      ]),
    );
  });

  it('refuses a state-changing call whose Origin is missing or foreign with 403', async () => {
    const missing = await fetch(`${server.url}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ message: 'request.forbidden_origin' });
    const foreign = await server.request('/api/test/echo', {
      headers: { origin: 'https://evil.example' },
      json: { name: 'Ada', email: 'ada@example.com' },
    });
    expect(foreign.status).toBe(403);
  });

  it('refuses a state-changing call with a wrong content type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await server.request('/api/test/echo', {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'name=Ada',
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ message: 'request.unsupported_media_type' });
    }
  });

  it('never leaks a stack trace: an unexpected error is a bare 500 code', async () => {
    const response = await server.request('/api/test/crash');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'server.internal' });
    expect(text).not.toContain('secret');
  });

  it('publishes an OpenAPI 3.1 document generated from the schemas', async () => {
    const response = await server.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/health');
    expect(Object.keys(document.paths)).toContain('/api/locales/{ns}/{file}');
    const reference = await server.request('/api/docs/');
    expect(reference.status).toBe(200);
  });
});

describe('a prerendered first page', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = fakeWebDist();
    writeFileSync(join(dist, 'assets', 'index-abc123.css'), '.page { color: red }');
    writeFileSync(join(dist, 'assets', 'auth-page-2.css'), '.auth { margin: 0 }');
    mkdirSync(join(dist, 'prerendered'));
    for (const language of ['fr', 'en']) {
      writeFileSync(
        join(dist, 'prerendered', `auth.${language}.html`),
        `<div class="frame"><h2>auth page in ${language}</h2></div><script>document.title="checked"</script>`,
      );
    }
    server = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(() => server.close());

  it("is shown, inert, before the SPA's hidden root, with its styles and image, in the visitor's language", async () => {
    const html = await (
      await server.request('/auth', { headers: { 'accept-language': 'en' } })
    ).text();
    expect(html).toContain(
      '<div id="prerendered" inert><div class="frame"><h2>auth page in en</h2></div><script>document.title="checked"</script></div><div id="root" hidden></div>',
    );
    // Painted before any script: its styles are in the page, allowed by their hash alone, and
    // no request competes with it.
    expect(html).toContain('<style>.page { color: red }\n.auth { margin: 0 }</style>');
    // Each file written in is named by a link the browser does not fetch, so the SPA's module
    // loader, which skips a stylesheet the page links, does not fetch it either.
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-abc123.css" disabled>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/auth-page-2.css" disabled>');
    expect(
      html.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.endsWith(' disabled>')),
    ).toBe(true);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<link rel="preload"');
    expect(html).not.toContain('/api/locales/auth/');
    const policy = (
      await server.request('/auth', { headers: { 'accept-language': 'en' } })
    ).headers.get('content-security-policy');
    const hash = createHash('sha256').update('.page { color: red }\n.auth { margin: 0 }');
    expect(policy).toContain(`style-src 'self' 'sha256-${hash.digest('base64')}'`);
    // The entry starts once the page is painted, by a script the policy allows by its hash.
    expect(html).not.toContain('src="/assets/index-abc123.js"');
    const loader = /<script type="module">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('requestAnimationFrame(');
    expect(loader).toContain('import("/assets/index-abc123.js")');
    // The frame's texts start with it, in the visitor's language; the page's own come with the
    // page's chunk.
    expect(loader).toContain(
      '[["/api/locales/common/en.json","anonymous"],["/api/locales/shell/en.json","anonymous"]]',
    );
    const loaderHash = createHash('sha256').update(loader).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${loaderHash}'`);
    // The markup's own script (the consent question's check) is allowed by its hash too.
    const markupHash = createHash('sha256').update('document.title="checked"').digest('base64');
    const scriptSources = policy?.split(';').find((part) => part.trim().startsWith('script-src'));
    expect(scriptSources).toContain(`'sha256-${markupHash}'`);
    const french = await (
      await server.request('/refill', { headers: { cookie: 'locale=fr' } })
    ).text();
    expect(french).toContain('auth page in fr');
  });

  it('is not served by its own path: that is a page of the SPA', async () => {
    const response = await server.request('/prerendered/auth.en.html');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"');
  });

  it('is not what a signed-in user gets, nor another page', async () => {
    const signedIn = await (
      await server.request('/spareparts', { headers: { cookie: 'session=x' } })
    ).text();
    expect(signedIn).not.toContain('prerendered');
    expect(signedIn).toContain('<div id="root"></div>');
    expect(signedIn).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
    );
    const privacy = await (await server.request('/compliancy')).text();
    expect(privacy).not.toContain('prerendered');
  });
});

describe('a prerendered signed-in frame', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = fakeWebDist();
    writeFileSync(join(dist, 'assets', 'index-abc123.css'), '.page { color: red }');
    writeFileSync(join(dist, 'assets', 'refill-page-5.css'), '.refill { margin: 0 }');
    writeFileSync(join(dist, 'assets', 'tabs-3.css'), '.tabs { margin: 1px }');
    const manifestPath = join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, object>;
    manifest['src/features/refill/routes/refill-page.tsx'] = {
      file: 'assets/refill-page-5.js',
      css: ['assets/refill-page-5.css'],
      imports: ['_tabs-3.js'],
    };
    manifest['_tabs-3.js'] = { file: 'assets/tabs-3.js', css: ['assets/tabs-3.css'] };
    writeFileSync(manifestPath, JSON.stringify(manifest));
    mkdirSync(join(dist, 'prerendered'));
    for (const environment of ['dev', 'rec', 'prd']) {
      for (const language of ['fr', 'en']) {
        writeFileSync(
          join(dist, 'prerendered', `refill.${environment}.${language}.html`),
          `<div class="frame">refill frame, ${environment}, ${language}</div>`,
        );
      }
    }
    server = await startTestServer({ env: { WEB_DIST: dist, APP_ENV: 'rec' } });
  });
  afterAll(() => server.close());

  it("shows the environment's frame to a signed-in start, and still fetches the page's data at once", async () => {
    for (const path of ['/refill', '/']) {
      const html = await (
        await server.request(path, { headers: { cookie: 'session=x; locale=en' } })
      ).text();
      expect(html).toContain(
        '<div id="prerendered" inert><div class="frame">refill frame, rec, en</div></div><div id="root" hidden></div>',
      );
      // A module's rules after those of the components it imports, so they win over them.
      expect(html).toContain(
        '<style>.page { color: red }\n.tabs { margin: 1px }\n.refill { margin: 0 }</style>',
      );
      expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
        '<link rel="stylesheet" href="/assets/index-abc123.css" disabled>',
        '<link rel="stylesheet" href="/assets/tabs-3.css" disabled>',
        '<link rel="stylesheet" href="/assets/refill-page-5.css" disabled>',
      ]);
      expect(html).not.toContain('as="style"');
      // Nothing is fetched before the frame is painted: its scripts, texts and reads all start
      // with the entry, once the frame is painted.
      expect(html).not.toContain('<link rel="preload"');
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).toContain('import("/assets/index-abc123.js")');
      // The page's texts and reads, then its own chunks, each named by a link: the SPA's calls
      // get the answers, and its loader, which skips a module the page links, does not add them
      // while the entry runs.
      const loader = /<script type="module">(.*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(loader).toContain('["/assets/refill-page-5.js","/assets/tabs-3.js"]');
      expect(loader).toContain('rel:"modulepreload"');
      // Run with a fake page: after the paint, the entry starts in one task, and each link is
      // added in a task of its own.
      const tasks: Array<() => void> = [];
      const imported: string[] = [];
      const linked: Array<{ rel: string; as?: string; crossOrigin?: string; href: string }> = [];
      const schedule = (task: () => void) => tasks.push(task);
      const page = {
        createElement: () => ({}),
        head: { append: (link: (typeof linked)[number]) => linked.push(link) },
      };
      new Function(
        'requestAnimationFrame',
        'setTimeout',
        'document',
        'load',
        loader.replaceAll('import(', 'load('),
      )(schedule, schedule, page, (source: string) => imported.push(source));
      tasks.shift()?.(); // the frame after the paint; the fallback timer waits behind
      tasks.splice(1).forEach((task) => task()); // the task the frame schedules
      expect(imported).toEqual(['/assets/index-abc123.js']);
      expect(linked).toEqual([]);
      const links = tasks.length - 1;
      for (let added = 1; added <= links; added++) {
        tasks.splice(1, 1).forEach((task) => task());
        expect(linked).toHaveLength(added);
      }
      const read = (href: string, crossOrigin: string) => ({
        rel: 'preload',
        as: 'fetch',
        crossOrigin,
        href,
      });
      expect(linked).toEqual([
        ...['common', 'shell', 'refill', 'spareparts', 'consent'].map((namespace) =>
          read(`/api/locales/${namespace}/en.json`, 'anonymous'),
        ),
        read('/api/users/me', 'use-credentials'),
        read('/api/refill/drums', 'use-credentials'),
        { rel: 'modulepreload', href: '/assets/refill-page-5.js' },
        { rel: 'modulepreload', href: '/assets/tabs-3.js' },
      ]);
      const policy = (
        await server.request(path, { headers: { cookie: 'session=x; locale=en' } })
      ).headers.get('content-security-policy');
      const loaderHash = createHash('sha256').update(loader).digest('base64');
      expect(policy).toContain(`'sha256-${loaderHash}'`);
    }
    const visitor = await (await server.request('/refill')).text();
    expect(visitor).not.toContain('refill frame');
  });
});

describe('HTTP foundation in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        APP_ENV: 'prd',
        GA_MEASUREMENT_ID: 'G-TEST1234',
        WEB_DIST: fakeWebDist(),
      },
    });
  });
  afterAll(() => server.close());

  it('has no API reference in prd: neither the browsable one nor the OpenAPI document', async () => {
    expect((await server.request('/api/docs/')).status).toBe(404);
    expect((await server.request('/api/openapi.json')).status).toBe(404);
    // The machines' reference page is off too unless API_REFERENCE turns it on, and the SPA is
    // told, so it does not link to it.
    expect((await server.request('/integration/reference')).status).toBe(404);
    expect(await (await server.request('/auth')).text()).toContain('"apiReference":false');
  });

  it("keeps the machines' OpenAPI document in prd, and it describes /api/v1 alone", async () => {
    const response = await server.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const paths = Object.keys(((await response.json()) as { paths: object }).paths);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !path.startsWith('/api/v1/'))).toEqual([]);
  });

  it('serves no source map in prd, while the scripts themselves are served', async () => {
    expect((await server.request('/assets/index-abc123.js')).status).toBe(200);
    const map = await server.request('/assets/index-abc123.js.map');
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('"sources"');
  });

  it('compresses JSON answers above 1 KiB, as brotli or gzip, and leaves small ones alone', async () => {
    const large = await server.request('/api/locales/spareparts/en.json', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(Object.keys((await large.json()) as object).length).toBeGreaterThan(0);
    const gzip = await server.request('/api/locales/spareparts/en.json', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const small = await server.request('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it("adds Google's hosts to the CSP only when a measurement id is set", async () => {
    const response = await server.request('/auth');
    expect(response.headers.get('content-security-policy')).toContain(
      'https://www.googletagmanager.com',
    );
    expect(await response.text()).toContain('"gaMeasurementId":"G-TEST1234"');
  });
});

describe('HSTS', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const server = await startTestServer({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      const response = await server.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await server.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests before closing', async () => {
    const server = await startTestServer({ extend: (app) => app.register(echoRoutes) });
    const inFlight = server.request('/api/test/slow');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = server.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closed;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  // Node would keep such a socket until its 60 s headers timeout, past this test's timeout.
  it('does not wait for a connection that never sent a request (a browser preconnect)', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const preconnect = connect(Number(port), '127.0.0.1');
    await once(preconnect, 'connect');
    const ended = once(preconnect, 'close');
    await server.close();
    await ended;
    expect(preconnect.bytesRead).toBe(0);
  }, 10_000);
});
