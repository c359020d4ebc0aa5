// After `vite build`: renders the pages of src/prerender/pages.tsx (a visitor's auth page, the
// signed-in frame of /refill) in each language to HTML, for the server to put in index.html
// (apps/server/src/http/spa.ts). Their components are built once more for Node (Vite's SSR
// build, same configuration, so the same CSS class names) and rendered under a DOM of jsdom: some
// modules read the document when they load.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const localesDir = fileURLToPath(new URL('../../../packages/locales', import.meta.url));
const outDir = join(webRoot, 'dist/prerendered');
// Inside the workspace, so the built module finds its dependencies in node_modules.
const serverBuildDir = join(webRoot, 'node_modules/.prerender');
const languages = ['fr', 'en'];

/** Images up to this size are written into the markup: one request less before the first paint. */
const INLINE_IMAGE_BYTES = 4096;

/**
 * The markup as the server inserts it: without the preload React hoists for the first slide,
 * with the small images in it (the carousel's slides, its largest paint), and without ids, which
 * the SPA's render of the same page, in the document at the same time for a moment, carries too
 * (an id must be unique).
 */
function forTheHtml(markup) {
  return markup
    .replace(/^(<link [^>]*>)+/, '')
    .replace(/ id="[^"]*"/g, '')
    .replace(/ src="\/(assets\/[^"]+\.svg)"/g, (attribute, file) => {
      const svg = readFileSync(join(webRoot, 'dist', file), 'utf8');
      if (Buffer.byteLength(svg) > INLINE_IMAGE_BYTES) return attribute;
      return ` src="data:image/svg+xml,${encodeURIComponent(svg)}"`;
    });
}

try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    // vite.config.ts imports the page map, TypeScript of the workspace: run, not bundled.
    configLoader: 'runner',
    build: {
      ssr: 'src/prerender/pages.tsx',
      outDir: serverBuildDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
    },
  });

  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: 'http://localhost/auth',
  });
  for (const name of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage']) {
    Object.defineProperty(globalThis, name, { value: window[name], configurable: true });
  }

  const { renderPage, pageVariants, prerenderedPages } = await import(
    pathToFileURL(join(serverBuildDir, 'pages.js')).href
  );
  mkdirSync(outDir, { recursive: true });
  for (const page of prerenderedPages) {
    for (const language of languages) {
      const texts = Object.fromEntries(
        page.namespaces.map((namespace) => [
          namespace,
          JSON.parse(readFileSync(join(localesDir, namespace, `${language}.json`), 'utf8')),
        ]),
      );
      for (const [name, element] of pageVariants(page)) {
        writeFileSync(
          join(outDir, `${name}.${language}.html`),
          forTheHtml(renderPage(page, element, language, texts)),
        );
      }
    }
  }
  const names = prerenderedPages.map((page) => page.name).join(', ');
  console.log(`prerendered ${names} (${languages.join(', ')}) into ${outDir}`);
} finally {
  rmSync(serverBuildDir, { recursive: true, force: true });
}
