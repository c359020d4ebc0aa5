import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../../test/test-server';
import { openDatabase, queryRows, type DatabaseHandle } from './client';
import { workspacePath } from '../config/paths';

/**
 * Migrations are expand-only, so the previous release keeps running on the new schema during a
 * rolling deploy (docs/operations.md, "Migrations are expand-then-contract"). Each migration is
 * applied in turn to a real database, and what it did to the tables the previous release knew
 * is read from the database itself: no table or column gone (a rename is one gone and one
 * new), no column retyped or made NOT NULL, no new NOT NULL column without a default (the
 * previous release's inserts do not name it). A migration that contracts on purpose says so in
 * a line `-- contract step: <why no running release uses it>`, and needs every instance on the
 * previous release first.
 */

const migrationsFolder = workspacePath('apps/server/drizzle');
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

/**
 * Steps taken before the rule was written, each judged harmless to the release before it: the
 * list only shrinks.
 */
const beforeTheRule: Record<string, string[]> = {
  // Same text, compared byte by byte: the previous release reads and writes it unchanged.
  '0006_catalogue_words': ['spare_parts.part_number: text -> text collate "C"'],
};

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}
type Schema = Map<string, Column>;

async function readSchema(database: DatabaseHandle): Promise<Schema> {
  const rows = await queryRows<{
    table_name: string;
    column_name: string;
    data_type: string;
    collation_name: string | null;
    is_nullable: string;
    column_default: string | null;
  }>(
    database.db,
    sql`select table_name, column_name, data_type, collation_name, is_nullable, column_default
      from information_schema.columns where table_schema = 'public'`,
  );
  return new Map(
    rows.map((row) => [
      `${row.table_name}.${row.column_name}`,
      {
        table: row.table_name,
        column: row.column_name,
        type: row.collation_name
          ? `${row.data_type} collate "${row.collation_name}"`
          : row.data_type,
        nullable: row.is_nullable === 'YES',
        hasDefault: row.column_default !== null,
      },
    ]),
  );
}

/** What a step did that the release before it could trip on. */
function contractingChanges(before: Schema, after: Schema): string[] {
  const changes: string[] = [];
  const tablesBefore = new Set([...before.values()].map((column) => column.table));
  for (const [key, old] of before) {
    const now = after.get(key);
    if (!now) {
      changes.push(`${key}: gone`);
    } else if (now.type !== old.type) {
      changes.push(`${key}: ${old.type} -> ${now.type}`);
    } else if (old.nullable && !now.nullable) {
      changes.push(`${key}: made NOT NULL`);
    }
  }
  for (const [key, now] of after) {
    if (before.has(key) || !tablesBefore.has(now.table)) continue;
    if (!now.nullable && !now.hasDefault) changes.push(`${key}: new, NOT NULL without a default`);
  }
  return changes;
}

/** A copy of the migrations folder that knows only the first `count` migrations. */
function folderOfFirst(count: number, root: string): string {
  const folder = join(root, String(count));
  cpSync(migrationsFolder, folder, { recursive: true });
  writeFileSync(
    join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
  return folder;
}

async function migrateTo(database: DatabaseHandle, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
}

const schemas: Schema[] = [];
let database: DatabaseHandle;
let drop: () => Promise<void>;
let root: string;

beforeAll(async () => {
  const created = await createTestDatabaseUrl();
  drop = created.drop;
  database = await openDatabase(created.url);
  root = mkdtempSync(join(tmpdir(), 'migrations-'));
  schemas.push(await readSchema(database));
  for (let count = 1; count <= journal.entries.length; count++) {
    await migrateTo(database, folderOfFirst(count, root));
    schemas.push(await readSchema(database));
  }
}, 240_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('migrations are expand-only', () => {
  it('never take away or change what the previous release uses, unless marked as a contract step', () => {
    const found: Record<string, string[]> = {};
    journal.entries.forEach((entry, index) => {
      const changes = contractingChanges(schemas[index]!, schemas[index + 1]!);
      const marked = /^-- contract step: \S/m.test(
        readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8'),
      );
      if (changes.length && !marked) found[entry.tag] = changes;
    });
    expect(found).toEqual(beforeTheRule);
  });

  it('let the release before the API keys’ lifetime write and read as it did, on the newest schema', async () => {
    // That migration added columns to api_keys: the release before it inserts naming only the
    // columns it knew, and its reads find them all, whatever migrations came after.
    const after = journal.entries.findIndex((entry) => entry.tag === '0027_api_key_lifetime') + 1;
    expect(after).toBeGreaterThan(0);
    const known = [...schemas[after - 1]!.values()].filter((c) => c.table === 'api_keys');
    const added = [...schemas[after]!.values()].filter(
      (c) => c.table === 'api_keys' && !schemas[after - 1]!.has(`api_keys.${c.column}`),
    );
    expect(added.map((c) => c.column).sort()).toEqual(
      ['expires_at', 'expiry_recorded_at', 'expiry_warned_at', 'rotated_at'].sort(),
    );
    await database.db.execute(sql`insert into accounts (id, name)
      values ('00000000-0000-4000-8000-000000000001', 'Old release Co')`);
    await database.db.execute(sql`insert into api_keys
      (account_id, name, prefix, key_hash, scopes, created_at)
      values ('00000000-0000-4000-8000-000000000001', 'Gateway', 'cpk_oldrelea', 'hash',
        '["readings:write"]'::jsonb, now())`);
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql.raw(`select ${known.map((c) => `"${c.column}"`).join(', ')} from api_keys`),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Gateway', prefix: 'cpk_oldrelea', revoked_at: null });
  });
});

describe('the expand-only check', () => {
  const schemaOf = (...columns: Array<Partial<Column> & { table: string; column: string }>) =>
    new Map(
      columns.map((column) => [
        `${column.table}.${column.column}`,
        { type: 'text', nullable: true, hasDefault: false, ...column },
      ]),
    );
  const before = schemaOf(
    { table: 'drums', column: 'serial', nullable: false },
    { table: 'drums', column: 'note' },
  );

  it('lets a new nullable or defaulted column, and a new table, through', () => {
    expect(
      contractingChanges(
        before,
        schemaOf(
          { table: 'drums', column: 'serial', nullable: false },
          { table: 'drums', column: 'note' },
          { table: 'drums', column: 'colour' },
          { table: 'drums', column: 'grade', nullable: false, hasDefault: true },
          { table: 'labels', column: 'code', nullable: false },
        ),
      ),
    ).toEqual([]);
  });

  it('catches a column dropped or renamed, retyped, made NOT NULL, or new NOT NULL without default', () => {
    expect(
      contractingChanges(
        before,
        schemaOf(
          { table: 'drums', column: 'serial', type: 'integer', nullable: false },
          { table: 'drums', column: 'remark' },
          { table: 'drums', column: 'grade', nullable: false },
        ),
      ),
    ).toEqual([
      'drums.serial: text -> integer',
      'drums.note: gone',
      'drums.grade: new, NOT NULL without a default',
    ]);
    expect(
      contractingChanges(
        before,
        schemaOf(
          { table: 'drums', column: 'serial', nullable: false },
          { table: 'drums', column: 'note', nullable: false },
        ),
      ),
    ).toEqual(['drums.note: made NOT NULL']);
  });
});
