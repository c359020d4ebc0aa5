// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this process (it migrates, seeds, listens and prints its URL; Ctrl+C stops it cleanly).
// With NODE_ENV=production it never builds (a production install has no devDependencies to
// build with, and its sources may look newer than the build): it runs what `npm run build` made.
import './check-node-version.cjs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runNpmSync } from './run-npm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['apps/web/dist/.vite/manifest.json', 'apps/server/dist/server.js'];
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/ui/src',
  'packages/contract/src',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = Math.min(
  ...outputs.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)),
);
const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));

if (process.env.NODE_ENV === 'production') {
  if (builtAt === 0) {
    console.error('No build found: run `npm run build` before starting with NODE_ENV=production.');
    process.exit(1);
  }
} else if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'No build found: building…' : 'Sources changed since the last build: building…',
  );
  const status = runNpmSync(['run', 'build'], { cwd: root });
  if (status !== 0) process.exit(status);
}

process.chdir(root);
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
