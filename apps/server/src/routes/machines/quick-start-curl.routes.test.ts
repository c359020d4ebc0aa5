import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  curlReadingsExample,
  readingsExampleBody,
} from '../../../../web/src/features/integration/components/quick-start-snippets';
import { drums, readings } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createCustomer, type Customer } from '../../../test/reliability/fixtures';

/**
 * The integration page's curl command for sending readings, run by a shell as an integrator
 * pastes it, against a started server with a key made through the API: the readings it sends are
 * recorded. The command is the page's own text (quick-start-snippets.ts), not a copy of it.
 */

let server: TestServer;
let me: Customer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  me = await createCustomer(server, 'quick');
  dir = await mkdtemp(join(tmpdir(), 'quick-start-curl-'));
  // The command draws its idempotency key from `uuidgen` (util-linux, macOS); where the machine
  // has none, one that prints a random UUID stands in for it.
  await writeFile(
    join(dir, 'uuidgen'),
    `#!/bin/sh\ncommand -p uuidgen 2>/dev/null || ${JSON.stringify(process.execPath)} -e "console.log(crypto.randomUUID())"\n`,
  );
  await chmod(join(dir, 'uuidgen'), 0o755);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the quick start’s curl command', () => {
  it('records the readings it sends with a key that may send them', async () => {
    const created = await server.request('/api/integration/api-keys', {
      headers: { cookie: me.cookie },
      json: { name: 'Quick start', scopes: ['readings:write'] },
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const measuredAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();
    const command = curlReadingsExample({
      origin: server.url,
      key,
      body: readingsExampleBody({ drumSerial: 'quick-1', measuredAt }),
    });

    const { stdout } = await promisify(execFile)(
      'bash',
      ['-c', `${command} --silent --show-error --write-out '\\n%{http_code}'`],
      {
        env: { PATH: [dir, '/usr/local/bin', '/usr/bin', '/bin'].join(delimiter) },
        timeout: 20_000,
      },
    );
    const status = stdout.trim().split('\n').at(-1);
    expect(status, stdout).toBe('200');

    const recorded = await server.database.db
      .select({ remainingM: readings.remainingM, batteryPct: readings.batteryPct })
      .from(readings)
      .innerJoin(drums, eq(drums.id, readings.drumId))
      .where(and(eq(drums.serial, 'quick-1'), eq(readings.readAt, new Date(measuredAt))));
    expect(recorded).toContainEqual({ remainingM: 420, batteryPct: 87 });
    expect(recorded).toHaveLength(2);
  });
});
