import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkedPages, type Language } from '@portal/contract';
import type { Settings } from '../config/env';
import { workspacePath } from '../config/paths';
import { EncodedText, pickEncoding } from './content-encoding';
import { sendApiNotFound } from './errors';
import { acceptedLanguage, cookieLanguage } from './request-language';
import {
  firstPages,
  firstRenderChunks,
  fetchPreloadTag,
  firstRenderFetches,
  firstRenderTags,
  imagePreloadTags,
  localeFetch,
  prerenderedPageStyles,
  readPageMap,
  readWebManifest,
  type EarlyFetch,
  type PageNeeds,
} from './first-render';
import { contentSecurityPolicy } from './security-headers';
import { sessionCookieName } from './session';

/** What the SPA reads at start (apps/web/src/config/env.ts); one build serves every environment. */
export interface RuntimeSettings {
  appEnv: Settings['appEnv'];
  gaMeasurementId: string | null;
  /**
   * Whether the page request carried a session cookie (valid or not: only the API can tell). A
   * visitor's SPA then skips the session query: no call, no 401 on the console, and none of the
   * query code on their first page (apps/web/src/app/session-gate.tsx).
   */
  hasSession: boolean;
  /**
   * The language of the request's `locale` cookie (the user's choice), or null: the SPA takes it
   * from here instead of reading its cookies, whose first read blocks the page for milliseconds.
   */
  localeCookie: Language | null;
  /** Whether the reference page of /api/v1 is served, so the integration page links to it. */
  apiReference: boolean;
}

const SETTINGS_PLACEHOLDER = '<!--runtime-settings-->';
const ROOT_ELEMENT = '<div id="root"></div>';
/** The entry script Vite writes into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The entry of a prerendered page, started once that page is painted (after the next frame), so
 * the first paint never waits on the script's download or evaluation: on a slow phone network
 * the script is then all the bandwidth's, as before, and the page is on screen meanwhile.
 * A tab opened in the background paints no frame: the timer starts it there (import() runs a
 * module once, whichever calls first).
 *
 * The page's texts and API reads (`fetches`) and its own chunks (`modules`, the paths of their
 * files) start downloading with the entry, each named by a preload link: the SPA's calls get the
 * preloaded answers, and its module loader skips a module the page already links, so it does not
 * add those links while the entry runs, where each costs the main thread. Not before the paint:
 * the server's answers, and the browser's handling of each, would share the CPU and the network
 * with what that paint needs, and nothing reads them before the entry runs. Each link is added
 * in a task of its own, just after the entry's start: each starts a download, and a dozen at
 * once take the main thread for several milliseconds.
 */
export function deferredEntryScript(
  template: string,
  modules: readonly string[] = [],
  fetches: readonly EarlyFetch[] = [],
): string | undefined {
  const source = ENTRY_SCRIPT.exec(template)?.[1];
  if (!source) return undefined;
  const entry = `import(${JSON.stringify(source)})`;
  const reads = fetches.length
    ? `;for(const[href,crossOrigin]of ${JSON.stringify(fetches.map((read) => [read.href, read.crossOrigin]))})setTimeout(()=>document.head.append(Object.assign(document.createElement("link"),{rel:"preload",as:"fetch",crossOrigin,href})))`
    : '';
  const preload = modules.length
    ? `;for(const href of ${JSON.stringify(modules)})setTimeout(()=>document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href})))`
    : '';
  return `requestAnimationFrame(()=>setTimeout(()=>{${entry}${reads}${preload}}));setTimeout(()=>${entry},1000);`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The namespaces every page needs first (`common`, and `shell` for its frame), fetched in
 * parallel with the scripts instead of after them.
 */
export function frameLocaleFetches(language: Language): EarlyFetch[] {
  return (['common', 'shell'] as const).map((namespace) => localeFetch(namespace, language));
}

export function renderIndexHtml(
  template: string,
  settings: RuntimeSettings,
  language?: Language,
  page: {
    tags?: readonly string[];
    prerendered?: string;
    styles?: string;
    /** The stylesheets `styles` is made of, as the page's paths (`/assets/…css`). */
    styleFiles?: readonly string[];
    entry?: string;
  } = {},
): string {
  // A JSON data block is not executed, so the strict CSP needs no inline-script exception.
  const json = JSON.stringify(settings).replaceAll('<', '\\u003c');
  const tag = `<script type="application/json" id="runtime-settings">${json}</script>`;
  // A prerendered page fetches them with its entry, after its first paint (deferredEntryScript).
  const preload =
    language && page.entry === undefined
      ? `${frameLocaleFetches(language).map(fetchPreloadTag).join('\n    ')}\n    `
      : '';
  // The page's own files after the entry script and style Vite wrote: those come first.
  const pageFiles = (page.tags ?? []).map((line) => `  ${line}\n  `).join('');
  let html = template
    .replace(SETTINGS_PLACEHOLDER, `${preload}${tag}`)
    // The installed app's name and shortcuts in the page's language: a manifest has one of each.
    .replace('/manifest.fr.webmanifest', `/manifest.${language ?? 'fr'}.webmanifest`)
    .replace('</head>', `${pageFiles}</head>`);
  if (page.styles !== undefined) {
    // The page's styles written in, in place of the entry's stylesheet (prerenderedPageStyles).
    // Each file written in is also named by a disabled link, which the browser does not fetch:
    // the SPA's module loader skips a stylesheet the page already links, so it neither fetches
    // nor parses these again, nor restyles the whole page when they arrive.
    const named = (page.styleFiles ?? [])
      .map((file) => `<link rel="stylesheet" href="${file}" disabled>`)
      .join('\n    ');
    html = html
      .replace(/<link rel="stylesheet"[^>]*>\s*/g, '')
      .replace(
        '</head>',
        `  <style>${page.styles}</style>\n${named ? `    ${named}\n` : ''}  </head>`,
      );
  }
  if (page.entry !== undefined) {
    html = html.replace(ENTRY_SCRIPT, `<script type="module">${page.entry}</script>`);
  }
  if (page.prerendered) {
    // Shown, inert, until the SPA has rendered the same page in its hidden root
    // (apps/web/src/app/prerendered-page.ts).
    html = html.replace(
      ROOT_ELEMENT,
      `<div id="prerendered" inert>${page.prerendered}</div><div id="root" hidden></div>`,
    );
  }
  return html;
}

/**
 * Serves the built SPA: hashed assets (precompressed .br/.gz picked by Accept-Encoding) cached
 * for a year, and index.html, with the runtime settings injected, for every other non-API path.
 */
export async function registerSpa(app: FastifyInstance, settings: Settings): Promise<void> {
  const distDir = settings.webDist ?? workspacePath('apps/web/dist');
  const indexPath = join(distDir, 'index.html');
  const sessionCookie = sessionCookieName(settings);
  const built = existsSync(indexPath);

  // One page per language, session hint and first page, rendered once: the preloaded namespaces,
  // scripts and styles and the hint are all that differ.
  const template = built ? readFileSync(indexPath, 'utf8') : '';
  const manifest = built ? readWebManifest(distDir) : {};
  const firstPageAt = firstPages(built ? readPageMap(distDir) : undefined);
  const prerenderedMarkup = (name: string, language: Language) => {
    try {
      return readFileSync(join(distDir, 'prerendered', `${name}.${language}.html`), 'utf8');
    } catch {
      // A build without it: the page is rendered by the SPA alone, as before.
      return undefined;
    }
  };
  const indexHtml = new Map<string, { page: EncodedText; csp?: string }>();
  const pageParts = (page: PageNeeds | undefined, language: Language) => {
    if (!page) return {};
    const prerendered = page.prerendered
      ? prerenderedMarkup(
          page.prerendered.isPerEnvironment
            ? `${page.prerendered.name}.${settings.appEnv}`
            : page.prerendered.name,
          language,
        )
      : undefined;
    if (!prerendered || !page.prerendered) {
      return { tags: firstRenderTags(manifest, page, language) };
    }
    // A prerendered page is painted before any script runs: its styles and images are in the
    // page, and its entry starts after that paint (deferredEntryScript), its texts and reads with
    // it. It names nothing else to fetch but its image: every request started before the first
    // paint shares the slow network, and the CPU, with what that paint needs (Lighthouse counts
    // them all).
    const tags = page.prerendered.isWhole ? [] : imagePreloadTags(manifest, page);
    const styleFiles = prerenderedPageStyles(manifest, page.prerendered);
    const styles = styleFiles.map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
    // The strict policy allows this style element and these scripts (the entry's start, and the
    // markup's own: the consent question's check) by their hashes, nothing else.
    const entry = deferredEntryScript(
      template,
      firstRenderChunks(manifest, page).map((chunk) => `/${chunk.file}`),
      [
        ...frameLocaleFetches(language),
        ...(page.prerendered.isWhole ? [] : firstRenderFetches(page, language)),
      ],
    );
    const markupScripts = [...prerendered.matchAll(/<script>([^<]*)<\/script>/g)].map(
      (match) => match[1] ?? '',
    );
    const csp = contentSecurityPolicy(settings, {
      styleHashes: [sha256(styles)],
      scriptHashes: [...(entry ? [entry] : []), ...markupScripts].map(sha256),
    });
    return {
      tags,
      prerendered,
      styles,
      styleFiles: styleFiles.map((file) => `/${file}`),
      entry,
      csp,
    };
  };
  const pageHtml = (
    language: Language,
    localeCookie: Language | null,
    hasSession: boolean,
    page: PageNeeds | undefined,
  ) => {
    const key = `${language}:${localeCookie}:${hasSession}:${page?.name ?? ''}`;
    let html = indexHtml.get(key);
    if (html === undefined) {
      const parts = pageParts(page, language);
      html = {
        page: new EncodedText(
          renderIndexHtml(
            template,
            {
              appEnv: settings.appEnv,
              gaMeasurementId: settings.gaMeasurementId ?? null,
              hasSession,
              localeCookie,
              apiReference: settings.apiReference,
            },
            language,
            parts,
          ),
        ),
        csp: parts.csp,
      };
      indexHtml.set(key, html);
    }
    return html;
  };
  if (built) {
    const common = { index: false, preCompressed: true, cacheControl: false } as const;
    // The hashed assets, by one route under /assets/: a route per file made hundreds at each
    // start, most of the start's route work. A path that is no file, or none served, goes to
    // the not-found handler below (a 404). Not refused by name: the compressed copies, found
    // beside their file when a browser takes them; and the source maps in prd (the build writes
    // them for error tracking without linking them from the scripts; other environments serve
    // them to whoever debugs). Under a prefix, so that a path of the API the router refuses (a
    // parameter too long: 414) does not fall through to the files.
    await app.register(fastifyStatic, {
      ...common,
      root: join(distDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      allowedPath: (path) =>
        !/\.(br|gz)$/.test(path) && !(settings.appEnv === 'prd' && path.endsWith('.map')),
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
    });
    // The few files beside them (the icon, robots.txt), a route each; not the compressed
    // copies, nor the files the server reads itself.
    await app.register(fastifyStatic, {
      ...common,
      root: distDir,
      wildcard: false,
      decorateReply: false,
      globIgnore: ['assets/**', '**/*.br', '**/*.gz', 'index.html', 'pages.json', 'prerendered/**'],
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=3600'),
    });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const chosenLanguage = cookieLanguage(request.headers) ?? null;
    const language = chosenLanguage ?? acceptedLanguage(request.headers['accept-language']);
    const hasSession = Boolean(request.cookies[sessionCookie]);
    const path = request.url.split('?')[0] ?? '/';
    const html = pageHtml(language, chosenLanguage, hasSession, firstPageAt(path, hasSession));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    if (html.csp) reply.header('content-security-policy', html.csp);
    // The API reference's renderer writes its theme into style elements: that page, opened as a
    // document of its own (the links to it reload), allows them.
    if (path === linkedPages.apiReference) {
      reply.header(
        'content-security-policy',
        contentSecurityPolicy(settings, { allowsInlineStyles: true }),
      );
    }
    return reply.send(html.page.encoded(encoding));
  };

  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      request.log.warn({ path }, 'unknown API path');
      return sendApiNotFound(reply);
    }
    // History fallback: the SPA's router decides what an unknown page shows.
    if (request.method === 'GET' || request.method === 'HEAD') {
      // A missing hashed asset must be a 404, not the HTML page under a script's name.
      if (path.startsWith('/assets/')) return sendApiNotFound(reply);
      // The reference of /api/v1 where it is turned off: no page at its address.
      if (!settings.apiReference && path === linkedPages.apiReference) {
        return sendApiNotFound(reply);
      }
      return sendIndex(request, reply);
    }
    return sendApiNotFound(reply);
  });
}
