// Size budgets (issue 9): for each route, the JavaScript and CSS fetched before its first render
// (the entry, its static imports, the route's lazy chunks and their static imports), gzip and
// brotli, from Vite's manifest. Exits 1 with a table when a budget is exceeded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_DIST lets a build elsewhere be measured (e.g. while another run uses apps/web/dist).
const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const budgets = JSON.parse(readFileSync(join(root, 'performance-budgets.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const content = readFileSync(join(dist, file));
    sizes.set(file, {
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content).length,
      text: content.toString('utf8'),
    });
  }
  return sizes.get(file);
}

/** The chunk and everything it imports statically (what the browser fetches with it). */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key])
      throw new Error(`${key} is not in the build manifest: update performance-budgets.json`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
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

const kib = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];
let failed = false;
for (const [route, budget] of Object.entries(budgets.routes)) {
  const { js, css } = filesOf(closure([entryKey, ...budget.modules]));
  const total = (files, kind) => files.reduce((sum, file) => sum + size(file)[kind], 0);
  const jsGzip = total(js, 'gzip');
  const cssGzip = total(css, 'gzip');
  const over = jsGzip / 1024 > budget.js || cssGzip / 1024 > budget.css;
  failed ||= over;
  rows.push(
    `| ${route} | ${kib(jsGzip)} / ${budget.js} | ${kib(total(js, 'brotli'))} | ${kib(cssGzip)} / ${budget.css} | ${kib(total(css, 'brotli'))} | ${js.length + css.length} | ${over ? 'OVER BUDGET' : 'ok'} |`,
  );
}

const entryText = filesOf(closure([entryKey]))
  .js.map((file) => size(file).text)
  .join('\n');
const heavyProblems = Object.entries(budgets.heavyOutsideEntry)
  .filter(([, marker]) => entryText.includes(marker))
  .map(([name]) => `${name} is in the entry chunk; import it lazily from the screen that uses it.`);
failed ||= heavyProblems.length > 0;

console.log(
  '| route | JS gzip KiB / budget | JS brotli | CSS gzip KiB / budget | CSS brotli | files | |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
for (const problem of heavyProblems) console.log(`\n${problem}`);
if (failed) {
  console.error('\nA performance budget is exceeded (performance-budgets.json).');
  process.exit(1);
}
