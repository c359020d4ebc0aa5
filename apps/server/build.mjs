// Bundles the server into dist/server.js. The workspace's own TypeScript packages are bundled
// in, and so are the npm packages every start loads that read no file of their own (the HTTP
// framework and its plugins, the schemas, the metrics): one chunk instead of hundreds of small
// CommonJS files to find and load, about 0.15 s of each start. The others stay external,
// resolved from node_modules at run time: those that load files beside their code (the
// embedded database's engine, the log transports, the API reference's pages, the PDF fonts) or
// that only some starts load (PostgreSQL's driver, mail, CSV). Then writes
// dist/database-template.tar, the migrated embedded database a first `npm start` starts from,
// and dist/compile-cache, the compiled code of the chunks (see src/server.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = new Set([
  '@casl/ability',
  '@fastify/compress',
  '@fastify/cookie',
  '@fastify/multipart',
  '@fastify/static',
  'drizzle-orm',
  'fast-json-stringify',
  'fastify',
  'fastify-type-provider-zod',
  'prom-client',
  'zod',
]);
const external = Object.keys(manifest.dependencies).filter(
  (name) => !name.startsWith('@portal/') && !bundled.has(name),
);

// The commit built from, shown by the metrics (portal_build_info); a copy without git says so.
let buildVersion = 'unknown';
try {
  buildVersion = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
} catch {
  // No git, or not a repository (a container's build context): `unknown`.
}

// The chunks of earlier builds are never loaded again (their names hold their content's hash).
rmSync('dist/chunks', { recursive: true, force: true });

await build({
  entryPoints: {
    server: 'src/server.ts',
    // The admin command line of a production install, which has no TypeScript runner:
    // `node apps/server/dist/admin.js add-staff …`.
    admin: 'src/cli/admin.ts',
    'write-database-template': 'src/cli/write-database-template.ts',
    'write-compile-cache': 'src/cli/write-compile-cache.ts',
    // The documents' rendering thread (src/services/documents/document-renderer.ts).
    'pdf-worker': 'src/services/documents/pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
  define: { PORTAL_BUILD_VERSION: JSON.stringify(buildVersion) },
  // The bundled CommonJS packages require Node's modules and the external packages: an ES module
  // has no `require` of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

execFileSync(process.execPath, ['dist/write-database-template.js'], { stdio: 'inherit' });
execFileSync(process.execPath, ['dist/write-compile-cache.js'], { stdio: 'inherit' });
