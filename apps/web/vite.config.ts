import react from '@vitejs/plugin-react';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { pageMapForBuild } from './src/config/page-delivery';

// The API server the dev server proxies to (`npm run dev` starts both).
const apiTarget = 'http://127.0.0.1:3000';

/** The chunks every page runs as it loads: the entry, and the signed-in pages' common one. */
const runAtLoad = (chunk: { isEntry: boolean; name: string }) =>
  chunk.isEntry || chunk.name === 'signed-in';

/** The compression of the built text files, shared by the plugin and the compile hints. */
const gzipLevel = 9;

/** The query that marks a module as the API reference renderer's own copy. */
const referenceCopy = '?api-reference-copy';

/**
 * Gives the API reference's renderer (Scalar) its own copy of every package it imports, so no
 * module is shared between it and the pages: a shared module is bundled once with every export
 * either side uses, and the pages that load it would carry Scalar's part.
 */
function apiReferenceApart(): Plugin {
  return {
    name: 'api-reference-apart',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0') || source.includes(referenceCopy)) return null;
      const inReference =
        importer.includes('/node_modules/@scalar/') || importer.includes(referenceCopy);
      if (!inReference) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !/\.(m?js|cjs)$/.test(resolved.id)) return resolved;
      if (resolved.id.includes('/node_modules/@scalar/')) return resolved;
      return { ...resolved, id: `${resolved.id}${referenceCopy}` };
    },
  };
}

/**
 * Marks the scripts that run as a page loads with V8's compile hint, so that Chromium compiles
 * their functions while it downloads them, on a background thread, instead of one by one on the
 * main thread as they are first called (the page's longest task was mostly that). The hint must
 * be the file's first line, above the preload list Vite writes last: it is added to the written
 * files, whose compressed copies are then made again and whose source map moves down a line.
 */
function compileHints(): Plugin {
  const hint = Buffer.from('//# allFunctionsCalledOnLoad\n');
  let outDir = '';
  const files: string[] = [];
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && runAtLoad(chunk)) files.push(chunk.fileName);
      }
    },
    closeBundle() {
      for (const file of files.splice(0)) {
        const path = join(outDir, file);
        const code = Buffer.concat([hint, readFileSync(path)]);
        writeFileSync(path, code);
        writeFileSync(`${path}.gz`, gzipSync(code, { level: gzipLevel }));
        writeFileSync(`${path}.br`, brotliCompressSync(code));
        if (existsSync(`${path}.map`)) {
          const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { mappings: string };
          writeFileSync(`${path}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [
    apiReferenceApart(),
    react(),
    compileHints(),
    {
      // The page map, for the server's first render, the prerenderer and the budget check.
      name: 'page-map',
      apply: 'build',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: 'pages.json',
          source: JSON.stringify(pageMapForBuild(), null, 2),
        });
      },
    },
    // The installable app's service worker (src/app/pwa/sw.ts), built to /sw.js. It precaches
    // only the icons and manifests: the app's code is kept as each page is visited, so a customer
    // never downloads the back-office's. The signed-in frame registers it after load.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/pwa',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['icons/*.png', 'manifest.*.webmanifest', 'favicon.svg'],
        rollupFormat: 'es',
      },
    }),
    // Precompressed at build time; the server picks .br or .gz by Accept-Encoding.
    compression({
      algorithms: [
        defineAlgorithm('gzip', { level: gzipLevel }),
        defineAlgorithm('brotliCompress'),
      ],
      include: /\.(js|css|svg|json|html)$/,
      threshold: 0,
    }),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: {
    manifest: true,
    target: 'es2022',
    // Written for error tracking, never linked from the scripts; the server serves them outside
    // prd only.
    sourcemap: 'hidden',
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The entry and everything it imports statically in one file: a first page fetches one
          // script that compresses as a whole, instead of a dozen small ones (first-page budgets).
          groups: [
            { name: 'initial', tags: ['$initial'] },
            {
              // What every signed-in page loads besides the shell: the query cache, the session
              // query and the ability (CASL), in one file instead of eight.
              name: 'signed-in',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|@casl|@ucast)[\\/]|src[\\/](lib[\\/](ability|query-client)\.ts|app[\\/](session-query|guards[\\/]require-ability)\.tsx|features[\\/]auth[\\/]api[\\/]get-me\.ts)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: apiTarget,
        // The API accepts state-changing calls only from its own origin.
        configure: (proxy) => {
          proxy.on('proxyReq', (request) => request.setHeader('origin', apiTarget));
        },
      },
    },
  },
});
