import { defineConfig } from '@playwright/test';
import { appServer, launchOptions, trace } from './support/browser-and-server';

// The screenshot comparisons (visual.spec.ts), on a server of their own: no other test adds
// readings or requests to its demo account, so every page shows the same data on every run.
const port = Number(process.env.E2E_PORT ?? 3100) + 5;

export default defineConfig({
  testDir: '.',
  testMatch: 'visual.spec.ts',
  snapshotPathTemplate: '{testDir}/visual-baselines/{arg}{ext}',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 90_000,
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Anti-aliasing differs by a few pixels between runs and machine loads; a moved or
      // restyled element differs by far more.
      maxDiffPixelRatio: 0.002,
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace,
    launchOptions,
    deviceScaleFactor: 1,
    timezoneId: 'Europe/Paris',
    locale: 'en-US',
    // The auth carousel stays on its first slide, and transitions take no time.
    reducedMotion: 'reduce',
  },
  projects: [{ name: 'visual' }],
  webServer: [appServer(port)],
});
