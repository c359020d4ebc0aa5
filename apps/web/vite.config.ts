import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API server the dev server proxies to (`npm run dev` starts both).
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // Precompressed at build time; the server picks .br or .gz by Accept-Encoding.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      include: /\.(js|css|svg|json|html)$/,
      threshold: 0,
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
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
