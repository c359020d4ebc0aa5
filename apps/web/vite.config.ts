import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { pageMapForBuild } from './src/config/page-delivery';

// The API server the dev server proxies to (`npm run dev` starts both).
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
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
    // Precompressed at build time; the server picks .br or .gz by Accept-Encoding.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      include: /\.(js|css|svg|json|html)$/,
      threshold: 0,
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-i18next imports the pre-React-18 shim; React 19 has the hook itself.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store.ts', import.meta.url),
        ),
      },
    ],
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
