import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Attachment } from '@portal/contract';
import { insertedRow, type Database } from '../../db/client';
import { refillRequests, requestAttachments } from '../../db/schema';
import { DomainError } from '../domain-error';

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

export function attachmentsDir(dataDir: string): string {
  return resolve(dataDir, 'attachments');
}

export interface AttachmentQuotas {
  attachmentsPerRequest: number;
  attachmentBytesPerAccount: number;
}

/**
 * Stores the file under a generated name outside the web root and records it, within the quotas:
 * so many files per request, so many bytes per account. The account's uploads
 * take turns (an advisory lock), so two at once cannot both pass the last free bytes.
 */
export async function storeAttachment(
  db: Database,
  args: {
    dataDir: string;
    accountId: string;
    requestId: string;
    fileName: string;
    bytes: Buffer;
    now: Date;
    quotas: AttachmentQuotas;
    author: Attachment['author'];
  },
): Promise<Attachment> {
  const contentType = sniffContentType(args.bytes);
  if (!contentType) throw new DomainError('request.unsupported_media_type');
  return db.transaction(async (tx) => {
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
    if (
      Number(usage?.accountBytes ?? 0) + args.bytes.length >
      args.quotas.attachmentBytesPerAccount
    ) {
      throw new DomainError('refill.attachment_storage_full');
    }
    return insertAttachment(tx, { ...args, contentType });
  });
}

async function insertAttachment(
  db: Database,
  args: {
    dataDir: string;
    requestId: string;
    fileName: string;
    bytes: Buffer;
    now: Date;
    contentType: AllowedType;
    author: Attachment['author'];
  },
): Promise<Attachment> {
  const { contentType } = args;
  const storedName = randomUUID();
  const dir = attachmentsDir(args.dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, storedName), args.bytes, { flag: 'wx' });
  const row = insertedRow(
    await db
      .insert(requestAttachments)
      .values({
        requestId: args.requestId,
        fileName: cleanFileName(args.fileName, contentType),
        storedName,
        contentType,
        sizeBytes: args.bytes.length,
        author: args.author,
        createdAt: args.now,
      })
      .returning(),
  );
  return attachmentView(row);
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
  args: { dataDir: string; requestId: string; attachmentId: string },
) {
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
  const bytes = await readFile(join(attachmentsDir(args.dataDir), row.storedName));
  // Names stored before the rule are offered under it too.
  return {
    bytes,
    fileName: cleanFileName(row.fileName, row.contentType),
    contentType: row.contentType,
  };
}
