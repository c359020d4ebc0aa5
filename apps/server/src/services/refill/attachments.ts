import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Attachment } from '@portal/contract';
import { insertedRow, type Database } from '../../db/client';
import { refillRequests, requestAttachments } from '../../db/schema';
import { DomainError } from '../domain-error';
import { inPieces, type AttachmentStore } from './attachment-store';

type AllowedType = Attachment['contentType'];

/**
 * The type a file really is, from its first bytes, whatever its name says: PDF, PNG or JPEG, or
 * nothing. (Three signatures do not need a library.)
 */
export function sniffContentType(bytes: Buffer): AllowedType | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** The extensions a file of each type may keep; the first is the one it gets otherwise. */
const extensionsOf: Record<AllowedType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/**
 * A display name that is safe to show and to put in a Content-Disposition header, with the
 * extension of the type the file really is: `report.html` that is a PNG is offered as
 * `report.png`, so no name can make a download open as something else.
 *
 * Control characters (C0 and C1) and Unicode format characters (`\p{Cf}`: right-to-left
 * override, zero-width and invisible marks) are removed: they could break a header or a log
 * line, or show `invoice<RLO>fdp.exe` as `invoiceexe.pdf`.
 */
export function cleanFileName(name: string, contentType: AllowedType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const visible = base
    .replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .trim()
    .slice(0, 120);
  const dot = visible.lastIndexOf('.');
  const stem = (dot > 0 ? visible.slice(0, dot) : dot === 0 ? '' : visible).trim() || 'file';
  const extension = dot > 0 ? visible.slice(dot + 1) : '';
  const allowed = extensionsOf[contentType];
  return allowed.includes(extension.toLowerCase())
    ? `${stem}.${extension}`
    : `${stem}.${allowed[0]!}`;
}

export interface AttachmentQuotas {
  attachmentsPerRequest: number;
  attachmentBytesPerAccount: number;
}

/** An uploaded file as it arrives: its bytes as a stream, cut short at the size limit. */
export interface IncomingFile {
  fileName: string;
  content: AsyncIterable<Buffer>;
  /** Whether the stream stopped at the size limit (asked once it has ended). */
  isTruncated: () => boolean;
}

/** The first bytes of a stream (enough to tell its type), and the whole stream again after them. */
async function peek(
  content: AsyncIterable<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const iterator = content[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let seenBytes = 0;
  let ended = false;
  while (seenBytes < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    seen.push(next.value);
    seenBytes += next.value.length;
  }
  return {
    head: Buffer.concat(seen),
    all: (async function* () {
      yield* seen;
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  };
}

/** Reads what is left of an upload that was refused, so the request ends cleanly. */
async function drain(content: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of content) void chunk;
}

/**
 * Stores the file where every instance reads it (`AttachmentStore`) under a generated name and
 * records it, within the quotas: so many files per request, so many bytes per account. The
 * bytes are streamed through in pieces, never whole in memory; the account's uploads take turns
 * (an advisory lock), so two at once cannot both pass the last free bytes. A file that passes
 * the quota or the size limit on the way is refused and nothing of it is kept.
 */
export async function storeAttachment(
  db: Database,
  args: {
    files: AttachmentStore;
    accountId: string;
    requestId: string;
    file: IncomingFile;
    now: Date;
    quotas: AttachmentQuotas;
    author: Attachment['author'];
  },
): Promise<Attachment> {
  const { head, all } = await peek(args.file.content, 8);
  const contentType = sniffContentType(head);
  if (!contentType) {
    await drain(all);
    throw new DomainError('request.unsupported_media_type');
  }
  const storedName = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`attachments:${args.accountId}`}, 0))`,
      );
      const [usage] = await tx
        .select({
          onRequest: sql<number>`count(*) filter (where ${requestAttachments.requestId} = ${args.requestId})::int`,
          accountBytes: sql<number>`coalesce(sum(${requestAttachments.sizeBytes}), 0)::bigint`,
        })
        .from(requestAttachments)
        .innerJoin(refillRequests, eq(refillRequests.id, requestAttachments.requestId))
        .where(eq(refillRequests.accountId, args.accountId));
      if (Number(usage?.onRequest ?? 0) >= args.quotas.attachmentsPerRequest) {
        throw new DomainError('refill.too_many_attachments');
      }
      const freeBytes = args.quotas.attachmentBytesPerAccount - Number(usage?.accountBytes ?? 0);
      const row = insertedRow(
        await tx
          .insert(requestAttachments)
          .values({
            requestId: args.requestId,
            fileName: cleanFileName(args.file.fileName, contentType),
            storedName,
            contentType,
            sizeBytes: 0,
            author: args.author,
            createdAt: args.now,
          })
          .returning(),
      );
      const sizeBytes = await args.files.write(tx, storedName, withinBytes(all, freeBytes));
      if (args.file.isTruncated()) throw new DomainError('request.too_large');
      await tx
        .update(requestAttachments)
        .set({ sizeBytes })
        .where(eq(requestAttachments.id, row.id));
      return attachmentView({ ...row, sizeBytes });
    });
  } catch (error) {
    await args.files.discard(storedName);
    await drain(all);
    throw error;
  }
}

/** The stream in pieces, failing with `refill.attachment_storage_full` past `freeBytes`. */
async function* withinBytes(
  content: AsyncIterable<Buffer>,
  freeBytes: number,
): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const piece of inPieces(content)) {
    total += piece.length;
    if (total > freeBytes) throw new DomainError('refill.attachment_storage_full');
    yield piece;
  }
}

/** An attachment as the API shows it (never where it is stored). */
export function attachmentView(row: typeof requestAttachments.$inferSelect): Attachment {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    author: row.author,
  };
}

export async function readAttachment(
  db: Database,
  args: { files: AttachmentStore; requestId: string; attachmentId: string },
): Promise<StoredFile> {
  const [row] = await db
    .select()
    .from(requestAttachments)
    .where(
      and(
        eq(requestAttachments.id, args.attachmentId),
        eq(requestAttachments.requestId, args.requestId),
      ),
    );
  if (!row) throw new DomainError('request.not_found');
  return {
    content: args.files.read(db, row.storedName, row.sizeBytes),
    sizeBytes: row.sizeBytes,
    // Names stored before the rule are offered under it too.
    fileName: cleanFileName(row.fileName, row.contentType),
    contentType: row.contentType,
  };
}

/** A stored file on its way out: read as the client takes it. */
export interface StoredFile {
  content: Readable;
  sizeBytes: number;
  fileName: string;
  contentType: string;
}
