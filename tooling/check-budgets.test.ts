import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/check-budgets.mjs on a made-up build: it must pass what fits and fail what does not.
const script = fileURLToPath(new URL('../scripts/check-budgets.mjs', import.meta.url));
const directories: string[] = [];

interface Chunk {
  file: string;
  content: string;
  isEntry?: boolean;
  imports?: string[];
  /** The source files of its source map. */
  sources?: string[];
}

function check(chunks: Record<string, Chunk>, budgets: object) {
  const dist = mkdtempSync(join(tmpdir(), 'budgets-'));
  directories.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const manifest = Object.fromEntries(
    Object.entries(chunks).map(([key, { file, isEntry, imports }]) => [
      key,
      { file, isEntry, imports },
    ]),
  );
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const { file, content, sources } of Object.values(chunks)) {
    writeFileSync(join(dist, file), content);
    // The build's precompressed copies, which the server sends.
    writeFileSync(join(dist, `${file}.gz`), gzipSync(content));
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(content));
    if (sources) writeFileSync(join(dist, `${file}.map`), JSON.stringify({ version: 3, sources }));
  }
  const { pages, ...rest } = budgets as { pages: object };
  writeFileSync(join(dist, 'pages.json'), JSON.stringify(pages));
  const budgetsFile = join(dist, 'budgets.json');
  writeFileSync(budgetsFile, JSON.stringify(rest));
  const run = spawnSync(process.execPath, [script], {
    // eslint-disable-next-line no-restricted-properties -- the script runs with this process's PATH
    env: { ...process.env, WEB_DIST: dist, BUDGETS_FILE: budgetsFile },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Random text: it does not compress, so its gzip size is about its length. */
const incompressible = (kib: number) => randomBytes(kib * 1024).toString('base64');

/** The first line of a built entry (V8's compile hint). */
const compileHint = '//# allFunctionsCalledOnLoad\n';

const chunks = (authPage: string, entry = 'console.log("app")'): Record<string, Chunk> => ({
  'index.html': {
    file: 'assets/index.js',
    content: `${compileHint}${entry}`,
    isEntry: true,
    imports: ['_shared.js'],
  },
  '_shared.js': { file: 'assets/shared.js', content: 'export const shared = 1;' },
  'src/auth-page.tsx': { file: 'assets/auth-page.js', content: authPage },
  'src/calendar.tsx': { file: 'assets/calendar.js', content: 'class rdp-root {}' },
  'src/consent.tsx': { file: 'assets/consent.js', content: 'export const consent = 1;' },
});
/** A page map of one page, `/auth`, and the heavy-library markers. */
const budgets = (page: { module?: string; pending?: string; alsoPreloads?: string[] } = {}) => ({
  pages: {
    signedInFrame: { budgetModules: [] },
    pages: [
      {
        path: '/auth',
        access: 'visitor',
        module: page.module ?? 'src/auth-page.tsx',
        firstRenderModules: [page.module ?? 'src/auth-page.tsx'],
        alsoPreloads: page.alsoPreloads,
        budget: { js: 4, css: 1, pending: page.pending },
      },
    ],
  },
  heavyOutsideFirstRender: { calendar: 'rdp-' },
});

afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

describe('check-budgets', () => {
  it('passes a route within its budget', () => {
    const result = check(chunks(incompressible(2)), budgets());
    expect(result.output).toMatch(/\| \/auth \| [\d.]+ \/ 4 \|.*\| ok \|/);
    expect(result.status).toBe(0);
  });

  it('fails when the entry does not start with the compile hint', () => {
    const built = chunks(incompressible(2));
    built['index.html'] = { ...built['index.html']!, content: 'console.log("app")' };
    const result = check(built, budgets());
    expect(result.status).toBe(1);
    expect(result.output).toContain('assets/index.js does not start with the compile hint');
  });

  it('fails a route over its budget, counting the entry and its static imports', () => {
    const result = check(chunks(incompressible(2), incompressible(3)), budgets());
    expect(result.output).toContain('OVER BUDGET');
    expect(result.status).toBe(1);
  });

  it('counts what a page shows over itself at once in its budget', () => {
    const built = chunks(incompressible(2));
    built['src/consent.tsx'] = { ...built['src/consent.tsx']!, content: incompressible(3) };
    expect(check(built, budgets()).status).toBe(0);
    const result = check(built, budgets({ alsoPreloads: ['src/consent.tsx'] }));
    expect(result.output).toContain('OVER BUDGET');
    expect(result.status).toBe(1);
  });

  it('fails when a heavy library is in a first render', () => {
    const result = check(chunks('import "./calendar.js"; const c = "rdp-day";'), budgets());
    expect(result.output).toContain('/auth: calendar is loaded before the first render');
    expect(result.status).toBe(1);
  });

  it('fails when a heavy library marker matches nothing in the build', () => {
    const built = chunks('ok');
    delete built['src/calendar.tsx'];
    const result = check(built, budgets());
    expect(result.output).toContain('The marker of calendar ("rdp-") is in no built script');
    expect(result.status).toBe(1);
  });

  it('reports a pending route over its budget without failing', () => {
    const result = check(chunks(incompressible(6)), budgets({ pending: 'being rebuilt' }));
    expect(result.output).toContain('over (pending)');
    expect(result.output).toContain('/auth is over its budget, knowingly: being rebuilt');
    expect(result.status).toBe(0);
  });

  it('names a listed module that the build does not have', () => {
    const result = check(chunks('ok'), budgets({ module: 'src/gone.tsx' }));
    expect(result.output).toContain('src/gone.tsx is in no chunk of the build');
    expect(result.status).not.toBe(0);
  });

  it("fails when back-office code is in a customer's page, not in a staff page", () => {
    const built = chunks('ok');
    built['index.html']!.sources = [
      '../../src/main.tsx',
      '../../src/features/backoffice/inbox.tsx',
    ];
    const result = check(built, budgets());
    expect(result.output).toContain(
      "/auth: back-office code (../../src/features/backoffice/inbox.tsx) is loaded by a customer's page.",
    );
    expect(result.status).toBe(1);
    const staffPage = budgets();
    Object.assign(staffPage.pages.pages[0]!, { ability: { action: 'get', subject: 'backoffice' } });
    expect(check(built, staffPage).status).toBe(0);
  });
});
