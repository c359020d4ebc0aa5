import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { CLUSTER_MARKER, isPlainTar, writeSnapshotToDirectory } from './pglite-data-dir';
import type pg from 'pg';
import * as schema from './schema';

/** One type for both drivers: the services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The handle a `db.transaction` callback gets: everything a Database does, and all of it commits
 * or rolls back together. Take it instead of a Database where the work must share the caller's
 * transaction (a mail queued with the change it announces, a lock held until the commit).
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The rows of a raw SQL query, on either driver (both answer `{ rows }`; Drizzle's shared type
 * leaves it unknown). For queries its builder cannot say, such as a recursive CTE.
 */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The row an `insert … returning` gave back: one, or the database broke its promise. */
export function insertedRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (!row) throw new Error('insert … returning gave no row');
  return row;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Runs `work` while holding a database-wide advisory lock (one holder across instances). */
  withAdvisoryLock<T>(key: number, work: (db: Database) => Promise<T>): Promise<T>;
  /** PGlite only: its whole data directory as a tarball, which `openDatabase` can start from. */
  snapshot?(compression?: 'none' | 'gzip'): Promise<Blob>;
  /** PostgreSQL only: the connections of the pool, for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any connection, once
   * its transaction committed. Resolves once listening. On PostgreSQL the listening connection
   * may drop: what is sent until it is back is never heard, so `onLost` and then `onBack` are
   * called around that gap, and a caller keeping copies must not trust them in between.
   */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  close(): Promise<void>;
}

export interface NotificationHandler {
  onMessage(payload: string): void;
  onLost(): void;
  onBack(): void;
}

export interface OpenDatabaseOptions {
  /**
   * For PGlite, in memory or in a directory that holds no database yet: start from this
   * snapshot (`DatabaseHandle.snapshot`) instead of an empty cluster. Loading one takes ~0.4 s
   * where initdb takes ~1.5 s in memory and ~4 s in a directory: the tests pay that for every
   * server they start, and `npm start` on a new machine once. A function is called only when
   * a new cluster is made, so a start on existing data does not read the snapshot.
   */
  pgliteSnapshot?:
    PgliteSnapshot | (() => PgliteSnapshot | undefined | Promise<PgliteSnapshot | undefined>);
}

/** A PGlite data directory as a tarball: a `DatabaseHandle.snapshot`, or its bytes. */
export type PgliteSnapshot = Blob | Uint8Array;

/**
 * The catalogue fits in memory (PGlite keeps it there; PostgreSQL's cache holds it), so an index
 * page costs about what a sequential one does. At PostgreSQL's default of 4 the planner read all
 * 100,000 spare parts to find the 5,000 whose English designation holds "bearing" (50 ms on
 * PGlite) instead of taking them from the (then trigram) index (26 ms).
 */
const RANDOM_PAGE_COST = 1.1;

/**
 * PostgreSQL's JIT compilation is off: it pays off on analytical queries that run for seconds,
 * and the portal's run for milliseconds. The planner's cost of a search's word lookup goes past
 * the JIT threshold (the rows of its set-returning functions are unknown to it), and compiling
 * took 9 ms of the 11 ms that query ran; a designation-word search over 100,000 spare parts
 * answered at p95 in 27 ms with it and 14 ms without (npm run bench:search).
 */
const JIT = 'off';

/**
 * The embedded database's buffer pool, half of PostgreSQL's default: PGlite zeroes the whole pool
 * in its WebAssembly memory at every start, and 128MB made each start about 0.1 s longer and the
 * server about 60 MB larger, with no faster a search of 100,000 spare parts
 * (npm run bench:search).
 */
export const PGLITE_SHARED_BUFFERS = '64MB';

/**
 * What node-postgres says when no connection came within the pool's connection timeout: every
 * pooled connection stayed busy (a request waited its turn too long), or a new connection to
 * PostgreSQL took too long to open.
 */
const POOL_TIMEOUT_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** PostgreSQL's own refusal of one connection too many (too_many_connections). */
const TOO_MANY_CONNECTIONS = '53300';

/**
 * Whether `error` (or an error it wraps, as the query builder wraps the driver's) says the
 * database is too busy to give this request a connection now: a load to wait out, not a fault.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (POOL_TIMEOUT_MESSAGES.has(cause.message)) return true;
    if ((cause as { code?: unknown }).code === TOO_MANY_CONNECTIONS) return true;
    cause = cause.cause;
  }
  return false;
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/**
 * Opens the database named by `url`: `postgres://…` through a node-postgres pool,
 * `memory://` as an in-memory PGlite, `file://dir` (or a bare path) as a PGlite directory.
 * Each driver is loaded only when its kind of database is opened: a start on one never pays
 * for loading the other.
 */
export async function openDatabase(
  url: string,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  return openPglite(url, options.pgliteSnapshot);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: `-c random_page_cost=${RANDOM_PAGE_COST} -c jit=${JIT}`,
  });
  // A failed query on an idle client must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnreachableError(
      `Cannot reach PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  const db = drizzlePostgres(pool, { schema });
  const listeners = new PostgresListeners(pg, url);
  return {
    db,
    kind: 'postgres',
    async withAdvisoryLock(key, work) {
      // The lock belongs to one connection, so hold a dedicated client for the whole work.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work(drizzlePostgres(client, { schema }));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen: (channel, handler) => listeners.add(channel, handler),
    close: async () => {
      await listeners.close();
      await pool.end();
    },
  };
}

/** Waits before connecting the listening connection again: 0.5 s, doubling up to 30 s. */
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

/**
 * LISTEN needs a connection of its own, held for the life of the process (a pooled one goes
 * back to the pool and stops hearing). A first connection that fails is an error for the
 * caller; one that drops later is opened again, with growing pauses, and every handler hears of
 * the loss and of the return.
 */
class PostgresListeners {
  readonly #handlers = new Map<string, NotificationHandler[]>();
  #client: pg.Client | undefined;
  #hasConnected = false;
  #retryMs = LISTEN_RETRY_MS.first;
  #retryTimer: NodeJS.Timeout | undefined;
  #isClosed = false;

  constructor(
    private readonly driver: typeof pg,
    private readonly url: string,
  ) {}

  async add(channel: string, handler: NotificationHandler): Promise<void> {
    const handlers = this.#handlers.get(channel) ?? [];
    handlers.push(handler);
    this.#handlers.set(channel, handlers);
    if (!this.#hasConnected) {
      this.#client = await this.#open();
      this.#hasConnected = true;
    } else if (this.#client && handlers.length === 1) {
      await this.#client.query(`LISTEN ${this.driver.escapeIdentifier(channel)}`);
    }
  }

  async close(): Promise<void> {
    this.#isClosed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #open(): Promise<pg.Client> {
    const client = new this.driver.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5000,
    });
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.#handlers.get(channel) ?? []) handler.onMessage(payload ?? '');
    });
    client.on('error', () => this.#lose(client));
    client.on('end', () => this.#lose(client));
    try {
      await client.connect();
      for (const channel of this.#handlers.keys()) {
        await client.query(`LISTEN ${this.driver.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      client
        .removeAllListeners('end')
        .removeAllListeners('error')
        .on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  #lose(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => undefined);
    if (this.#isClosed) return;
    this.#each((handler) => handler.onLost());
    this.#retryLater();
  }

  #retryLater(): void {
    this.#retryTimer = setTimeout(() => {
      if (this.#isClosed) return;
      this.#open().then(
        (client) => {
          if (this.#isClosed) {
            void client.end().catch(() => undefined);
            return;
          }
          this.#client = client;
          this.#retryMs = LISTEN_RETRY_MS.first;
          this.#each((handler) => handler.onBack());
        },
        () => {
          this.#retryMs = Math.min(this.#retryMs * 2, LISTEN_RETRY_MS.max);
          this.#retryLater();
        },
      );
    }, this.#retryMs);
    this.#retryTimer.unref();
  }

  #each(call: (handler: NotificationHandler) => void): void {
    for (const handlers of this.#handlers.values()) handlers.forEach(call);
  }
}

async function openPglite(
  url: string,
  snapshot: OpenDatabaseOptions['pgliteSnapshot'],
): Promise<DatabaseHandle> {
  const modules = Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // Awaited below, after the snapshot is written: a failure is reported there.
  modules.catch(() => undefined);
  const loadSnapshot = async () => (typeof snapshot === 'function' ? snapshot() : snapshot);
  const asBlob = (loaded: PgliteSnapshot | undefined) =>
    loaded instanceof Uint8Array ? new Blob([loaded]) : loaded;
  let dataDir: string | undefined;
  let loadDataDir: Blob | undefined;
  if (url.startsWith('memory://')) {
    loadDataDir = asBlob(await loadSnapshot());
  } else {
    dataDir = url.replace(/^file:\/\//, '');
    mkdirSync(dataDir, { recursive: true });
    const isNew = !existsSync(join(dataDir, CLUSTER_MARKER));
    // Read and written while the driver's modules load.
    const loaded = isNew ? await loadSnapshot() : undefined;
    if (loaded) {
      const tar =
        loaded instanceof Uint8Array ? loaded : new Uint8Array(await loaded.arrayBuffer());
      if (isPlainTar(tar)) await writeSnapshotToDirectory(tar, dataDir);
      else loadDataDir = asBlob(tar);
    }
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await modules;
  // The extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand).
  const client = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  try {
    await client.waitReady;
  } catch (error) {
    throw new DatabaseUnreachableError(
      `Cannot open the embedded database at ${url}: ${(error as Error).message}`,
    );
  }
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    async withAdvisoryLock(key, work) {
      // PGlite has a single connection per process; the lock still guards a second process
      // that would open the same directory (PGlite refuses that anyway).
      await db.execute(sql`select pg_advisory_lock(${key})`);
      try {
        return await work(db);
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${key})`);
      }
    },
    snapshot: (compression = 'none') => client.dumpDataDir(compression),
    // One process holds the data directory, so no connection can drop and nothing is missed.
    listen: async (channel, { onMessage }) => {
      await client.listen(channel, onMessage);
    },
    close: () => client.close(),
  };
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
