// What every Playwright configuration of the repository shares: Debian's Chromium, and the real
// built server on a throwaway in-memory database.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

// Browser lookup: CHROMIUM_PATH, then Debian's Chromium headless shell, then Debian's chromium,
// then Playwright's own. Never downloads a browser. The headless shell is the build of Chromium
// that Playwright itself runs headless tests in: the same engine without the browser's window
// machinery, which costs the full browser a third more CPU per test.
function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

export const launchOptions = {
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

/**
 * A trace records a screencast and DOM snapshots of every test to keep those that fail: a sixth of
 * a run's time on two cores. CI keeps no files of a run, so it records none; a failure is traced
 * again locally.
 */
export const trace = process.env.CI ? 'off' : 'retain-on-failure';

/** The environment of the built server on `port`, with the dev mailbox unless `env` sets SMTP_URL. */
export function appServerEnv(port: number, env: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: 'memory://',
    APP_ENV: 'dev',
    LOG_LEVEL: 'warn',
    // Every test signs up from 127.0.0.1: the per-IP limit is raised by configuration; the
    // per-address limits stay as in production.
    RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '10000',
    ...env,
  };
}

/** The built server on `port`, as a Playwright web server. */
export function appServer(port: number, env: Record<string, string> = {}) {
  return {
    command: 'node apps/server/dist/server.js',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: appServerEnv(port, env),
  };
}
