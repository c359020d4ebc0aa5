// Run by the server build (build.mjs), after the bundle: loads every chunk of dist/ with Node's
// compile cache on, so that the first start already finds their compiled code (see server.ts).
import { readdirSync, rmSync } from 'node:fs';
import { enableCompileCache, flushCompileCache } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileCacheDir } from '../config/compile-cache';
import { workspacePath } from '../config/paths';

rmSync(compileCacheDir, { recursive: true, force: true });
enableCompileCache({ directory: compileCacheDir, portable: true });
const chunksDir = workspacePath('apps/server/dist/chunks');
// Every chunk but the one that starts the server when it is loaded.
for (const chunk of readdirSync(chunksDir).filter(
  (name) => name.endsWith('.js') && !name.startsWith('start-server-'),
)) {
  await import(pathToFileURL(join(chunksDir, chunk)).href);
}
flushCompileCache();
console.log(`compile cache written to ${compileCacheDir}`);
// A chunk may have left something that keeps the process alive (a timer, a handle).
process.exit(0);
