// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this process (it migrates, seeds, listens and prints its URL; Ctrl+C stops it cleanly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0 ? 'No build found: building…' : 'Sources changed since the last build: building…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.chdir(root);
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
