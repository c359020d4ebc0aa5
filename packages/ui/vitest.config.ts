import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Node 24 reads the package.json of date-fns (an exports map of a thousand entries) again for
    // each of its modules, so importing its barrel, as react-day-picker does, takes seconds:
    // these two are bundled once for the tests instead. Source imports date-fns by subpath.
    deps: { optimizer: { client: { enabled: true, include: ['react-day-picker', 'date-fns'] } } },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
