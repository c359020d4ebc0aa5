import { defineConfig, devices } from '@playwright/test';
import { appServer, launchOptions, root, trace } from './support/browser-and-server';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A second server that sends real mail through SMTP to a capture server (e2e/real-mail.spec.ts).
export const smtpServerPort = port + 1;
export const smtpCapture = { smtp: port + 2, http: port + 3 };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The screenshots run on their own server and configuration (visual.config.ts); the production
  // journey and the three instances need a PostgreSQL server to make their databases on.
  testIgnore: [
    'visual.spec.ts',
    ...(process.env.TEST_DATABASE_URL
      ? []
      : ['production.spec.ts', 'scale-out.spec.ts', 'live.spec.ts']),
  ],
  // Tests, not files, are shared out between the workers: no worker idles while a long file ends.
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A hang fails within a minute; a journey of sign-ins and axe scans on two slow cores takes a
  // third of that, and a busier machine can double it.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace,
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions },
      // Checked on the phone project only (support/viewports.ts).
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 740 },
        launchOptions,
      },
      // Hover and desktop-width behaviour is checked on the desktop project only.
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: [
    // The real, built server on a throwaway in-memory database with the dev mailbox.
    appServer(port),
    {
      command: 'npx tsx e2e/support/smtp-capture.ts',
      cwd: root,
      url: `http://127.0.0.1:${smtpCapture.http}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        SMTP_CAPTURE_PORT: String(smtpCapture.smtp),
        SMTP_CAPTURE_HTTP_PORT: String(smtpCapture.http),
      },
    },
    // The same build configured for real mail: SMTP_URL set, so no dev mailbox at all.
    appServer(smtpServerPort, {
      APP_ENV: 'rec',
      SMTP_URL: `smtp://127.0.0.1:${smtpCapture.smtp}`,
    }),
  ],
});
