// Size budgets: for each page of the web build's page map (dist/pages.json, with its budget), the
// JavaScript and CSS fetched before its first render (the entry and its static imports, the
// page's chunks and theirs) and with it (what it shows over itself at once), gzip and brotli, from Vite's manifest of the production build. Exits
// 1 with a table when a budget is exceeded, a heavy library of performance-budgets.json reaches
// a first render, or back-office code reaches a page a customer opens.
//   node scripts/check-budgets.mjs          the table, exit 1 when over
//   node scripts/check-budgets.mjs --json   the figures as JSON (npm run bench reports them)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_DIST lets a build elsewhere be measured (e.g. while another run uses apps/web/dist).
const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
// BUDGETS_FILE: another budget file (the check's own tests use one).
const budgets = JSON.parse(
  readFileSync(process.env.BUDGETS_FILE ?? join(root, 'performance-budgets.json'), 'utf8'),
);

function readManifest() {
  try {
    return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  } catch {
    console.error(`No production build in ${dist}: run \`npm run build\` first.`);
    process.exit(1);
  }
}
const manifest = readManifest();

/** Each page of the page map with the modules its first render fetches and its budget. */
function budgetedPages() {
  const map = JSON.parse(readFileSync(join(dist, 'pages.json'), 'utf8'));
  const frame = map.signedInFrame;
  return map.pages.map((page) => ({
    route: page.path,
    budget: page.budget,
    isStaffOnly: page.ability?.subject === 'backoffice',
    modules: [
      ...page.firstRenderModules,
      ...(page.alsoPreloads ?? []),
      ...(page.access === 'signedIn' ? frame.budgetModules : []),
    ],
  }));
}
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(join(dist, file));
    sizes.set(file, {
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
      text: content.toString('utf8'),
    });
  }
  return sizes.get(file);
}

/**
 * The manifest key of the chunk holding a source module: its own key when it is a chunk of its
 * own, else the chunk whose source map lists it (modules grouped in one chunk by vite.config.ts).
 */
let chunkSources;
function chunkOf(module) {
  if (manifest[module]) return module;
  chunkSources ??= Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith('.js'))
    .map(([key, chunk]) => {
      try {
        const map = JSON.parse(readFileSync(join(dist, `${chunk.file}.map`), 'utf8'));
        return { key, sources: map.sources ?? [] };
      } catch {
        return { key, sources: [] };
      }
    });
  const found = chunkSources.find(({ sources }) =>
    sources.some(
      (source) => source.endsWith(`/apps/web/${module}`) || source.endsWith(`/${module}`),
    ),
  );
  if (!found) {
    throw new Error(`${module} is in no chunk of the build: update the page map`);
  }
  return found.key;
}

/** The source files a built script was made of, from its source map (none without one). */
function sourcesOf(file) {
  try {
    return JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')).sources ?? [];
  } catch {
    return [];
  }
}

/** The provider's own screens: a customer's page must not carry a byte of them. */
const staffOnlySource = /\/src\/features\/backoffice(-[\w-]+)?\//;

/** The chunks and everything they import statically (what the browser fetches with them). */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.map(chunkOf).forEach(visit);
  return [...seen];
}

function filesOf(keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
  }
  return { js: [...js], css: [...css] };
}

const total = (files, kind) => files.reduce((sum, file) => sum + size(file)[kind], 0);
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

// Each marker must exist somewhere in the build, or the check below could never fail.
const builtScripts = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => `assets/${file}`);
const problems = [];
for (const [library, marker] of Object.entries(budgets.heavyOutsideFirstRender)) {
  if (!builtScripts.some((file) => size(file).text.includes(marker))) {
    problems.push(`The marker of ${library} ("${marker}") is in no built script: update it.`);
  }
}

const routes = budgetedPages().map(({ route, budget, modules, isStaffOnly }) => {
  const { js, css } = filesOf(closure([entryKey, ...modules]));
  if (!isStaffOnly) {
    const staffSources = js.flatMap(sourcesOf).filter((source) => staffOnlySource.test(source));
    for (const source of new Set(staffSources)) {
      problems.push(`${route}: back-office code (${source}) is loaded by a customer's page.`);
    }
  }
  const figures = {
    route,
    jsGzip: kib(total(js, 'gzip')),
    jsBrotli: kib(total(js, 'brotli')),
    cssGzip: kib(total(css, 'gzip')),
    cssBrotli: kib(total(css, 'brotli')),
    files: js.length + css.length,
    jsBudget: budget.js,
    cssBudget: budget.css,
  };
  figures.isOver = figures.jsGzip > budget.js || figures.cssGzip > budget.css;
  // A route whose budget is knowingly not met yet: shown as over, with the reason, not failing.
  figures.pending = budget.pending;
  const text = js.map((file) => size(file).text).join('\n');
  for (const [library, marker] of Object.entries(budgets.heavyOutsideFirstRender)) {
    if (text.includes(marker)) {
      problems.push(`${route}: ${library} is loaded before the first render; import it lazily.`);
    }
  }
  return figures;
});

// Every page runs the entry as it loads: Chromium compiles it off the main thread only when its
// first line is V8's compile hint (vite.config.ts adds it to the written file).
const compileHint = '//# allFunctionsCalledOnLoad\n';
for (const variant of ['', '.gz', '.br']) {
  const raw = readFileSync(join(dist, `${manifest[entryKey].file}${variant}`));
  const text = (
    variant === '.gz' ? gunzipSync(raw) : variant === '.br' ? brotliDecompressSync(raw) : raw
  ).toString('utf8');
  if (!text.startsWith(compileHint)) {
    problems.push(`${manifest[entryKey].file}${variant} does not start with the compile hint.`);
  }
}

const failed = problems.length > 0 || routes.some((figures) => figures.isOver && !figures.pending);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ routes, problems, failed }, null, 2));
} else {
  console.log(
    '| route | JS gzip KiB / budget | JS brotli | CSS gzip KiB / budget | CSS brotli | files | |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of routes) {
    console.log(
      `| ${r.route} | ${r.jsGzip} / ${r.jsBudget} | ${r.jsBrotli} | ${r.cssGzip} / ${r.cssBudget} | ${r.cssBrotli} | ${r.files} | ${r.isOver ? (r.pending ? 'over (pending)' : 'OVER BUDGET') : 'ok'} |`,
    );
  }
  for (const r of routes.filter((figures) => figures.isOver && figures.pending)) {
    console.log(`\n${r.route} is over its budget, knowingly: ${r.pending}`);
  }
  for (const problem of problems) console.log(`\n${problem}`);
  if (failed) console.error('\nA performance budget is exceeded (performance-budgets.json).');
}
process.exit(failed ? 1 : 0);
