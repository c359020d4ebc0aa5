import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS, type DatabaseHandle } from './client';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setting(handle: DatabaseHandle, name: string): Promise<string | undefined> {
  const result = await handle.db.execute(sql`select current_setting(${name}) as value`);
  return (result as unknown as { rows: Array<{ value: string }> }).rows[0]?.value;
}

describe('the embedded database', () => {
  it('starts with its own buffer pool and planner cost, in memory and in a directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    for (const url of ['memory://', `file://${dir}`]) {
      const handle = await openDatabase(url);
      cleanups.push(() => handle.close());
      expect(await setting(handle, 'shared_buffers')).toBe(PGLITE_SHARED_BUFFERS);
      expect(await setting(handle, 'random_page_cost')).toBe('1.1');
    }
  });
});
