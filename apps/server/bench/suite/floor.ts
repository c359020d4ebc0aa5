import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { build } from 'vite';

/**
 * The floor of the page benchmarks: an empty React app built by Vite (apps/server/bench/floor),
 * served precompressed, so a page's figures stand beside what React alone costs on the same
 * machine in the same run.
 */
export /** Builds the floor with Vite, writes each file's gzip beside it, and serves it on `port`. */
async function startFloor(port: number) {
  const outDir = mkdtempSync(join(os.tmpdir(), 'portal-floor-'));
  await build({
    root: new URL('../floor', import.meta.url).pathname,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const gzipAll = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) gzipAll(path);
      else writeFileSync(`${path}.gz`, gzipSync(readFileSync(path)));
    }
  };
  gzipAll(outDir);
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: outDir, preCompressed: true });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      await app.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
