import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Namespace } from '@portal/contract';

/**
 * What a page's first render needs beyond the entry script: the web modules its route loads at
 * once and the translation namespaces it shows. The SPA starts the same at boot
 * (apps/web/src/app/router.tsx, RouteNeeds), but only once its entry has been fetched and run;
 * named in the HTML, they are fetched beside the entry instead of after it (issue 9: no request
 * chain before the first paint). Module paths are keys of Vite's manifest.
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

const signedInPage = (
  page: string,
  namespace: Namespace,
  { guarded = true, reads = [] as string[] } = {},
): PageNeeds => ({
  name: namespace,
  modules: [
    'src/app/shell/shell.tsx',
    'src/app/session-query.tsx',
    ...(guarded ? ['src/app/guards/require-ability.tsx'] : []),
    page,
  ],
  // The shell's cart badge and footer read theirs too.
  namespaces: [...new Set<Namespace>([namespace, 'spareparts', 'consent'])],
  reads: ['/api/users/me', ...reads],
});

/** The auth page, with the consent question a first visit shows over it. */
const authPage: PageNeeds = {
  name: 'auth',
  modules: [
    'src/features/auth/routes/auth-page.tsx',
    'src/features/consent/components/consent-dialog.tsx',
  ],
  namespaces: ['auth', 'errors', 'consent'],
  // The carousel's first slide (apps/web/src/features/auth/lib/slides.ts).
  image: 'src/features/auth/assets/slide-drums.svg',
  prerendered: {
    name: 'auth',
    isPerEnvironment: false,
    styledBy: ['src/features/auth/routes/auth-page.tsx'],
    isWhole: true,
  },
};

const refillPage: PageNeeds = {
  ...signedInPage('src/features/refill/routes/refill-page.tsx', 'refill', {
    reads: ['/api/refill/drums'],
  }),
  // The signed-in frame and the page's header: the largest paint of a phone's first screen.
  prerendered: {
    name: 'refill',
    // Its header names the environment outside production.
    isPerEnvironment: true,
    styledBy: ['src/app/shell/shell.tsx', 'src/features/refill/routes/refill-page.tsx'],
    isWhole: false,
  },
};
const signedInPages: Record<string, PageNeeds> = {
  '/': refillPage,
  '/auth': refillPage,
  '/refill': refillPage,
  '/refill/calculator': signedInPage(
    'src/features/calculator/routes/calculator-page.tsx',
    'calculator',
    { guarded: false },
  ),
  '/spareparts': signedInPage('src/features/spareparts/routes/spare-parts-page.tsx', 'spareparts'),
};

/**
 * The page the SPA will render first at `path`: with a session cookie, the signed-in screen
 * (the auth page sends a signed-in user to refill); without, the auth page, where the guards send
 * a visitor from any signed-in screen. Other pages (sign-in link, privacy, not found) are small
 * and name nothing.
 */
export function firstPageAt(path: string, hasSession: boolean): PageNeeds | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const signedIn = signedInPages[normalized];
  if (!signedIn) return undefined;
  return hasSession ? signedIn : authPage;
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
 * A namespace's file, preloaded. `crossorigin` (anonymous) gives the credentials mode
 * `same-origin`, the one the SPA's translation backend uses (apps/web/src/lib/i18n-plugins.ts), so
 * Chromium hands the preloaded answer to that request instead of fetching twice.
 */
export function localePreloadTag(namespace: Namespace, language: string): string {
  return `<link rel="preload" as="fetch" crossorigin href="/api/locales/${namespace}/${language}.json">`;
}

/**
 * The `<link>` tags that fetch a page's scripts, styles and namespaces early, from Vite's
 * manifest of the build: each module's chunk and the chunks it imports statically, minus the
 * entry's (index.html already has those). A module missing from the manifest is skipped: the
 * page still works, only later.
 */
export function firstRenderTags(
  manifest: Record<string, ManifestChunk>,
  needs: PageNeeds,
  language: string,
): string[] {
  const loadedWithEntry = chunkClosure(manifest, entryKeys(manifest));
  const chunks = [...chunkClosure(manifest, needs.modules)]
    .filter((key) => !loadedWithEntry.has(key))
    .map((key) => manifest[key]!);
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const image = needs.image ? manifest[needs.image]?.file : undefined;
  // Vite adds its scripts and styles with `crossorigin`: a preload must say the same to be used.
  return [
    ...(image ? [`<link rel="preload" as="image" fetchpriority="high" href="/${image}">`] : []),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...chunks.map((chunk) => `<link rel="modulepreload" href="/${chunk.file}">`),
    ...needs.namespaces.map((namespace) => localePreloadTag(namespace, language)),
    // The SPA's API calls send cookies (`credentials: 'include'`): the preload must too, or
    // Chromium would not hand its answer to them.
    ...(needs.reads ?? []).map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`,
    ),
  ];
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
  const keys = chunkClosure(manifest, [...entryKeys(manifest), ...prerendered.styledBy]);
  return [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
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
