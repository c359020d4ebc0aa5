import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { Database, DatabaseKind } from '../../db/client';
import { requestAttachmentChunks, requestAttachments } from '../../db/schema';

/** The size of the pieces a file is written and read in: never more of it in memory. */
export const ATTACHMENT_PIECE_BYTES = 256 * 1024;

/**
 * Where the bytes of attachments live. On PostgreSQL, in the database (pieces in
 * `request_attachment_chunks`), so every instance behind a load balancer reads what any of them
 * stored, and a backup of the database holds them; with PGlite (one instance), in
 * `DATA_DIR/attachments`. Decision 028 says why pieces of bytea rather than large objects.
 */
export interface AttachmentStore {
  /**
   * Writes the pieces under the attachment's stored name, whose row the caller's transaction
   * has inserted; answers the bytes written. A write whose transaction rolls back is undone by
   * `discard`.
   */
  write(tx: Database, storedName: string, pieces: AsyncIterable<Buffer>): Promise<number>;
  /**
   * The `sizeBytes` bytes of a stored attachment, read piece by piece as the reader takes them:
   * the stream ends with the last byte, with no query left running behind the answer.
   */
  read(db: Database, storedName: string, sizeBytes: number): Readable;
  /** Forgets what a write left outside the database (a file) when its transaction failed. */
  discard(storedName: string): Promise<void>;
}

export function attachmentsDir(dataDir: string): string {
  return resolve(dataDir, 'attachments');
}

/** The store of a database: in it on PostgreSQL, beside it in DATA_DIR with PGlite. */
export function attachmentStoreFor(kind: DatabaseKind, dataDir: string): AttachmentStore {
  return kind === 'postgres' ? databaseAttachmentStore : directoryAttachmentStore(dataDir);
}

export const databaseAttachmentStore: AttachmentStore = {
  async write(tx, storedName, pieces) {
    let seq = 0;
    let size = 0;
    for await (const bytes of pieces) {
      await tx.insert(requestAttachmentChunks).values({ storedName, seq, bytes });
      seq += 1;
      size += bytes.length;
    }
    return size;
  },
  read(db, storedName, sizeBytes) {
    return Readable.from(
      (async function* () {
        let sent = 0;
        for (let seq = 0; sent < sizeBytes; seq++) {
          const [piece] = await db
            .select({ bytes: requestAttachmentChunks.bytes })
            .from(requestAttachmentChunks)
            .where(
              and(
                eq(requestAttachmentChunks.storedName, storedName),
                eq(requestAttachmentChunks.seq, seq),
              ),
            );
          if (!piece)
            throw new Error(`attachment ${storedName} ends at ${sent} of ${sizeBytes} bytes`);
          sent += piece.bytes.length;
          yield piece.bytes;
        }
      })(),
    );
  },
  discard: async () => undefined,
};

export function directoryAttachmentStore(dataDir: string): AttachmentStore {
  const dir = attachmentsDir(dataDir);
  return {
    async write(_tx, storedName, pieces) {
      await mkdir(dir, { recursive: true });
      const file = await open(join(dir, storedName), 'wx');
      let size = 0;
      try {
        for await (const bytes of pieces) {
          await file.write(bytes);
          size += bytes.length;
        }
      } finally {
        await file.close();
      }
      return size;
    },
    read: (_db, storedName) =>
      createReadStream(join(dir, storedName), { highWaterMark: ATTACHMENT_PIECE_BYTES }),
    discard: (storedName) => rm(join(dir, storedName), { force: true }),
  };
}

/** Re-cuts a stream's chunks, whatever their sizes, into pieces of at most `size` bytes. */
export async function* inPieces(
  source: AsyncIterable<Buffer>,
  size = ATTACHMENT_PIECE_BYTES,
): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of source) {
    let rest = chunk;
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      held.push(rest.subarray(0, take));
      yield Buffer.concat(held);
      held = [];
      heldBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.length) {
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (heldBytes) yield Buffer.concat(held);
}

/**
 * Moves the attachments still stored as files in DATA_DIR/attachments (written before they
 * lived in the database, or by an instance on PGlite) into the database, one transaction per
 * file, then deletes the file. Safe to run on every start and on several instances at once: an
 * attachment already in the database is skipped (its file, if left by a crash after the commit,
 * is deleted), and a file nobody refers to is left alone. Answers how many files moved.
 */
export async function moveAttachmentFilesToDatabase(
  db: Database,
  dataDir: string,
): Promise<number> {
  const dir = attachmentsDir(dataDir);
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  let moved = 0;
  for (const storedName of names) {
    const done = await db.transaction(async (tx) => {
      // Two instances starting together: the second waits, then finds the first one's pieces.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`attachment-file:${storedName}`}, 0))`,
      );
      const [row] = await tx
        .select({
          storedName: requestAttachments.storedName,
          inDatabase: sql<boolean>`${exists(
            tx
              .select({ one: sql`1` })
              .from(requestAttachmentChunks)
              .where(eq(requestAttachmentChunks.storedName, requestAttachments.storedName)),
          )}`,
        })
        .from(requestAttachments)
        .where(eq(requestAttachments.storedName, storedName));
      if (!row) return false;
      if (!row.inDatabase) {
        await databaseAttachmentStore.write(
          tx,
          storedName,
          inPieces(createReadStream(join(dir, storedName))),
        );
        moved += 1;
      }
      return true;
    });
    if (done) await rm(join(dir, storedName), { force: true });
  }
  return moved;
}
