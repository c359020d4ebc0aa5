import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Namespace } from '@portal/contract';

/**
 * What a page's first render needs beyond the entry script: the web modules its route loads at
 * once and the translation namespaces it shows. The SPA starts the same at boot, but only once
 * its entry has been fetched and run; named in the HTML, they are fetched beside the entry
 * instead of after it: no request chain before the first paint. Module paths are keys of Vite's
 * manifest.
 */
export interface PageNeeds {
  name: string;
  modules: readonly string[];
  namespaces: readonly Namespace[];
  /** The page's largest image (its LCP element), fetched at once at high priority. */
  image?: string;
  /** The API reads the page starts with (signed in: the session's profile first). */
  reads?: readonly string[];
  /** The page's markup, prerendered by the web build, shown before any script runs. */
  prerendered?: Prerendered;
}

export interface Prerendered {
  /**
   * `dist/prerendered/<name>.<lang>.html` (apps/web/scripts/prerender.mjs), or
   * `<name>.<environment>.<lang>.html` for a page that names the environment.
   */
  name: string;
  isPerEnvironment: boolean;
  /** The modules whose styles the markup wears (their chunks' CSS, and the entry's). */
  styledBy: readonly string[];
  /**
   * Whether the page is whole at its first paint, so fetching anything else before it only slows
   * it (the auth page); a frame waits for the SPA's data and scripts, fetched at once.
   */
  isWhole: boolean;
}

/** A page of the SPA's page map (`dist/pages.json`, written by the web build). */
export interface WebPage {
  name: string;
  path: string;
  aliases?: readonly string[];
  access: 'public' | 'visitor' | 'signedIn';
  module: string;
  ability?: unknown;
  namespaces: readonly Namespace[];
  reads?: readonly string[];
  image?: string;
  alsoPreloads?: readonly string[];
  alsoNamespaces?: readonly Namespace[];
  prerendered?: Prerendered;
  /** The modules the page's first render fetches beyond the entry, the frame's included. */
  firstRenderModules: readonly string[];
}

/** The SPA's page map, as the web build writes it. */
export interface WebPageMap {
  pages: readonly WebPage[];
  signedInFrame: {
    namespaces: readonly Namespace[];
    reads: readonly string[];
  };
  homePage: string;
  visitorHomePage: string;
}

/** The page map of the web build in `distDir`, or none (a build without it preloads nothing). */
export function readPageMap(distDir: string): WebPageMap | undefined {
  try {
    const map = JSON.parse(readFileSync(join(distDir, 'pages.json'), 'utf8')) as WebPageMap;
    // A map written by an older web build lacks what this server reads: it preloads nothing.
    return map.pages.every((page) => Array.isArray(page.firstRenderModules)) ? map : undefined;
  } catch {
    return undefined;
  }
}

function needsOf(map: WebPageMap, page: WebPage): PageNeeds {
  if (page.access !== 'signedIn') {
    return {
      name: page.name,
      modules: [...page.firstRenderModules, ...(page.alsoPreloads ?? [])],
      namespaces: [...page.namespaces, ...(page.alsoNamespaces ?? [])],
      image: page.image,
      prerendered: page.prerendered,
    };
  }
  const frame = map.signedInFrame;
  return {
    name: page.name,
    modules: page.firstRenderModules,
    namespaces: [...new Set([...page.namespaces, ...frame.namespaces])],
    reads: [...frame.reads, ...(page.reads ?? [])],
    prerendered: page.prerendered,
  };
}

/**
 * The page the SPA will render first at a path, from its page map: with a session cookie, a
 * signed-in page (the visitor pages and `/` send a signed-in user home); without, the visitor's
 * page (the signed-in pages send a visitor to the visitor home). Other pages (a one-time link's,
 * the privacy page) are not where a visit starts: small, they name nothing.
 */
export function firstPages(
  map: WebPageMap | undefined,
): (path: string, hasSession: boolean) => PageNeeds | undefined {
  if (!map) return () => undefined;
  const named = new Map(map.pages.map((page) => [page.name, needsOf(map, page)]));
  const home = named.get(map.homePage);
  const visitorHome = named.get(map.visitorHomePage);
  const byPath = new Map<string, { page: WebPage; needs: PageNeeds | undefined }>();
  for (const page of map.pages) {
    if (page.path.includes(':')) continue;
    for (const path of [page.path, ...(page.aliases ?? [])]) {
      byPath.set(path, { page, needs: named.get(page.name) });
    }
  }
  return (path, hasSession) => {
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (normalized === '/') return hasSession ? home : visitorHome;
    const found = byPath.get(normalized);
    if (!found) return undefined;
    if (found.page.access === 'signedIn') return hasSession ? found.needs : visitorHome;
    if (found.page.access === 'visitor') return hasSession ? home : found.needs;
    return undefined;
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const entryKeys = (manifest: Record<string, ManifestChunk>) =>
  Object.keys(manifest).filter((key) => manifest[key]?.isEntry);

/** The chunks of `modules` and every chunk they import statically (what the browser fetches). */
function chunkClosure(
  manifest: Record<string, ManifestChunk>,
  modules: readonly string[],
): Set<string> {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return keys;
}

/**
 * The chunks of `modules` and every chunk they import statically, each after those it imports:
 * the order in which their styles apply, so that a module's rules come after those of the
 * components it uses and win over them, as when the browser loads them.
 */
function chunksInStyleOrder(
  manifest: Record<string, ManifestChunk>,
  modules: readonly string[],
): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
    ordered.push(key);
  };
  modules.forEach(visit);
  return ordered;
}

/** A file or API read a page fetches early, and the credentials mode its own fetch will use. */
export interface EarlyFetch {
  href: string;
  crossOrigin: 'anonymous' | 'use-credentials';
}

/**
 * A namespace's file. `anonymous` gives the credentials mode `same-origin`, the one the SPA's
 * texts loader uses (apps/web/src/lib/text-sources.ts), so Chromium hands the preloaded answer to
 * that request instead of fetching twice.
 */
export function localeFetch(namespace: Namespace, language: string): EarlyFetch {
  return { href: `/api/locales/${namespace}/${language}.json`, crossOrigin: 'anonymous' };
}

/**
 * The namespaces' files and the API reads a page starts with. The SPA's API calls send cookies
 * (`credentials: 'include'`): their preload must too, or Chromium would not hand its answer to
 * them.
 */
export function firstRenderFetches(needs: PageNeeds, language: string): EarlyFetch[] {
  return [
    ...needs.namespaces.map((namespace) => localeFetch(namespace, language)),
    ...(needs.reads ?? []).map((href) => ({ href, crossOrigin: 'use-credentials' as const })),
  ];
}

/** The preload link of `fetch`. */
export function fetchPreloadTag({ href, crossOrigin }: EarlyFetch): string {
  const mode = crossOrigin === 'anonymous' ? '' : `="${crossOrigin}"`;
  return `<link rel="preload" as="fetch" crossorigin${mode} href="${href}">`;
}

/** The preload link of the page's first image, if it has one. */
export function imagePreloadTags(
  manifest: Record<string, ManifestChunk>,
  needs: Pick<PageNeeds, 'image'>,
): string[] {
  const image = needs.image ? manifest[needs.image]?.file : undefined;
  return image ? [`<link rel="preload" as="image" fetchpriority="high" href="/${image}">`] : [];
}

/**
 * The `<link>` tags that fetch a page's scripts, styles, namespaces and reads early, from Vite's
 * manifest of the build: each module's chunk and the chunks it imports statically, minus the
 * entry's (index.html already has those). A module missing from the manifest is skipped: the
 * page still works, only later.
 */
export function firstRenderTags(
  manifest: Record<string, ManifestChunk>,
  needs: PageNeeds,
  language: string,
): string[] {
  const chunks = firstRenderChunks(manifest, needs);
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  // Vite adds its scripts and styles with `crossorigin`: a preload must say the same to be used.
  return [
    ...imagePreloadTags(manifest, needs),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...chunks.map((chunk) => `<link rel="modulepreload" href="/${chunk.file}">`),
    ...firstRenderFetches(needs, language).map(fetchPreloadTag),
  ];
}

/** The chunks a page's first render loads beyond the entry and what the entry imports. */
export function firstRenderChunks(
  manifest: Record<string, ManifestChunk>,
  needs: Pick<PageNeeds, 'modules'>,
): ManifestChunk[] {
  const loadedWithEntry = chunkClosure(manifest, entryKeys(manifest));
  return [...chunkClosure(manifest, needs.modules)]
    .filter((key) => !loadedWithEntry.has(key))
    .map((key) => manifest[key]!);
}

/**
 * The style files of a prerendered page's markup: the entry's and those of the chunks of the
 * modules it is made of. The server writes them into the page: painted before any script, the
 * page must not wait for stylesheets, each a round trip on a slow network.
 */
export function prerenderedPageStyles(
  manifest: Record<string, ManifestChunk>,
  prerendered: Prerendered,
): string[] {
  const keys = chunksInStyleOrder(manifest, [...entryKeys(manifest), ...prerendered.styledBy]);
  return [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))];
}

/** Vite's manifest of the web build, or an empty one (a build without it preloads nothing). */
export function readWebManifest(distDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return {};
  }
}
