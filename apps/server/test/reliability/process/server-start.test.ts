import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePath } from '../../../src/config/paths';

/** Runs the real entry point (through tsx) and collects its exit code and output. */
function runServer(env: Record<string, string>, { stopAfterReady = false } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', workspacePath('apps/server/src/server.ts')],
      // eslint-disable-next-line no-restricted-properties -- the child needs PATH and nothing else of ours
      { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, stdio: 'pipe' },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stopAfterReady && stdout.includes('running at')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

// Generous limits: a first PGlite start on a busy 2-core machine can take tens of seconds.
describe('the server process', { timeout: 120_000 }, () => {
  it('stops with a one-line error naming the variable when the environment is invalid', async () => {
    const result = await runServer({ PORT: 'not-a-port' });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Invalid environment variable PORT');
  });

  it('refuses prd without SMTP, PostgreSQL, https and a secrets key: one message naming each, exit 1, nothing written', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'portal-prd-')), 'data');
    const result = await runServer({ APP_ENV: 'prd', PORT: '0', DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid environment variables:',
      expect.stringMatching(/^ {2}SMTP_URL: required in prd/),
      expect.stringMatching(/^ {2}DATABASE_URL: a postgres:\/\/ URL is required in prd/),
      expect.stringMatching(/^ {2}PUBLIC_URL: an https:\/\/ URL is required in prd/),
      expect.stringMatching(/^ {2}SECRETS_KEY: required in prd/),
    ]);
    expect(result.stdout).not.toContain('running at');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses to guess APP_ENV on an address other machines reach', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'portal-host-')), 'data');
    const result = await runServer({ HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid environment variable APP_ENV: must be set');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('stops with a clear message, not a hang, when the database cannot be reached', async () => {
    const result = await runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      'Cannot reach PostgreSQL at postgres://nobody@127.0.0.1:1/none',
    );
  });

  it('starts on a file-backed PGlite, prints its URL, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
    const result = await runServer({ PORT: '0', DATA_DIR: dataDir }, { stopAfterReady: true });
    // Without PUBLIC_URL, the printed address is localhost on the port taken: the one that works.
    expect(result.stdout).toMatch(/Customer portal running at http:\/\/localhost:\d+\n/);
    expect(result.code).toBe(0);
  });
});
