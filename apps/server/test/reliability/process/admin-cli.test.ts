import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { workspacePath } from '../../../src/config/paths';
import { postgresAdminUrl } from './server-process';

const run = promisify(execFile);

/** `npm run admin -- …` as an operator types it, on the database `env` names. */
async function admin(args: string[], env: Record<string, string>) {
  // eslint-disable-next-line no-restricted-properties -- the child needs PATH and HOME
  const inherited = process.env;
  return run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: workspacePath('.'),
    env: { PATH: inherited.PATH ?? '', HOME: inherited.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
}

describe('npm run admin -- add-staff, on an empty database', { timeout: 120_000 }, () => {
  it('on PGlite: applies the migrations, creates the manager, says so, and finds them again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-admin-cli-'));
    try {
      const env = { DATA_DIR: dataDir };
      const first = await admin(['add-staff', 'first@provider.example', '--role', 'manager'], env);
      expect(first.stdout.trim()).toBe(
        'first@provider.example created as manager. They sign in with a one-time link sent to this address from the sign-in page.',
      );
      const list = await admin(['list-users'], env);
      expect(list.stdout).toContain('first@provider.example\t-\tmanager\t');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(postgresAdminUrl)('on PostgreSQL: the same, on a database just created', async () => {
    const name = `portal_cli_${randomBytes(6).toString('hex')}`;
    const adminClient = new pg.Client({ connectionString: postgresAdminUrl });
    await adminClient.connect();
    await adminClient.query(`create database ${name}`);
    const url = new URL(postgresAdminUrl!);
    url.pathname = `/${name}`;
    try {
      const first = await admin(['add-staff', 'first@provider.example', '--role=manager'], {
        DATABASE_URL: url.toString(),
      });
      expect(first.stdout.trim()).toMatch(/^first@provider\.example created as manager\./);
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const { rows } = await db.query<{ role: string; account_id: string | null }>(
        `select role, account_id from users where email = 'first@provider.example'`,
      );
      await db.end();
      expect(rows).toEqual([{ role: 'manager', account_id: null }]);
    } finally {
      await adminClient.query(`drop database if exists ${name} with (force)`);
      await adminClient.end();
    }
  });
});
