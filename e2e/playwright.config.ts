import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// Browser lookup: CHROMIUM_PATH, then Debian's chromium, then Playwright's own.
// Never downloads a browser.
function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A second server that sends real mail through SMTP to a capture server (e2e/real-mail.spec.ts).
export const smtpServerPort = port + 1;
export const smtpCapture = { smtp: port + 2, http: port + 3 };
const root = fileURLToPath(new URL('..', import.meta.url));

const launchOptions = {
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The production journey needs a PostgreSQL server to make its empty database on.
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ['production.spec.ts'],
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
    {
      // The real, built server on a throwaway in-memory database with the dev mailbox.
      command: 'node apps/server/dist/server.js',
      cwd: root,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATABASE_URL: 'memory://',
        APP_ENV: 'dev',
        LOG_LEVEL: 'warn',
        // Every test signs up from 127.0.0.1: the per-IP limit is raised by configuration; the
        // per-address limits stay as in production.
        RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '10000',
      },
    },
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
    {
      // The same build configured for real mail: SMTP_URL set, so no dev mailbox at all.
      command: 'node apps/server/dist/server.js',
      cwd: root,
      url: `http://127.0.0.1:${smtpServerPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(smtpServerPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${smtpServerPort}`,
        DATABASE_URL: 'memory://',
        APP_ENV: 'rec',
        SMTP_URL: `smtp://127.0.0.1:${smtpCapture.smtp}`,
        LOG_LEVEL: 'warn',
        // Every test signs up from 127.0.0.1: the per-IP limit is raised by configuration; the
        // per-address limits stay as in production.
        RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '10000',
      },
    },
  ],
});
