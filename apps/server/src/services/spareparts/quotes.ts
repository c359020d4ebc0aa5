import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Language, Message, Quote } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  cartLines,
  quoteMessages,
  quoteRequestLines,
  quoteRequests,
  spareParts,
  users,
} from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { translate, type Translations } from '../../routes/locales/translations';
import { messageView } from '../conversation/message-view';
import { consumeRateLimits, type RateLimit } from '../rate-limit';

export function quoteNumber(sequence: number): string {
  return `QR-${String(sequence).padStart(6, '0')}`;
}

/**
 * Turns the user's cart into a quote request, once per Idempotency-Key: a repeated key answers
 * the first quote (concurrent submits wait on the unique index). The cart lines are locked while
 * they are copied, so two different keys sent at once cannot both quote the same cart: the
 * second finds it empty. Prices are copied as they are today; customer service acknowledges.
 */
export async function createQuote(
  db: Database,
  translations: Translations,
  args: {
    accountId: string | null;
    userId: string;
    locale: Language;
    idempotencyKey: string;
    comment: string | undefined;
    now: Date;
  },
): Promise<Quote> {
  const { accountId, now } = args;
  if (!accountId) throw new HttpError(404, 'request.not_found');
  const quoteId = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(quoteRequests)
      .values({
        accountId,
        createdByUserId: args.userId,
        comment: args.comment || null,
        idempotencyKey: args.idempotencyKey,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [quoteRequests.accountId, quoteRequests.idempotencyKey] })
      .returning({ id: quoteRequests.id, number: quoteRequests.number });
    if (!inserted) {
      const [first] = await tx
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(
          and(
            eq(quoteRequests.accountId, accountId),
            eq(quoteRequests.idempotencyKey, args.idempotencyKey),
          ),
        );
      if (!first) throw new Error('idempotent quote vanished');
      return first.id;
    }

    const lines = await tx
      .select({
        partId: cartLines.partId,
        quantity: cartLines.quantity,
        unitPriceCents: spareParts.unitPriceCents,
      })
      .from(cartLines)
      .innerJoin(spareParts, eq(spareParts.id, cartLines.partId))
      .where(eq(cartLines.userId, args.userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.partId))
      .for('update', { of: cartLines });
    // Throwing rolls the quote back: an empty cart leaves nothing behind.
    if (lines.length === 0) throw new HttpError(400, 'spareparts.cart_empty');

    await tx
      .insert(quoteRequestLines)
      .values(lines.map((line) => ({ quoteId: inserted.id, ...line })));
    await tx.delete(cartLines).where(eq(cartLines.userId, args.userId));
    await tx.insert(quoteMessages).values({
      quoteId: inserted.id,
      author: 'service',
      body: translate(translations, 'mail', args.locale, 'service.quoteAck', {
        number: quoteNumber(inserted.number),
      }),
      createdAt: now,
    });
    return inserted.id;
  });
  const [quote] = await listQuotes(db, accountId, args.locale, quoteId);
  if (!quote) throw new Error('created quote not found');
  return quote;
}

/** The account's quotes, newest first (or one of them), lines with designations in `lang`. */
export async function listQuotes(
  db: Database,
  accountId: string | null,
  lang: Language,
  onlyId: string | undefined,
  /** Which rows, newest first (services/paging.ts). */
  { limit, offset }: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<Quote[]> {
  if (!accountId) return [];
  const quotes = await db
    .select()
    .from(quoteRequests)
    .where(
      and(
        eq(quoteRequests.accountId, accountId),
        onlyId ? eq(quoteRequests.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.number))
    .limit(limit)
    .offset(offset);
  if (quotes.length === 0) return [];
  const lines = await db
    .select({
      quoteId: quoteRequestLines.quoteId,
      partId: quoteRequestLines.partId,
      partNumber: spareParts.partNumber,
      designation: lang === 'fr' ? spareParts.designationFr : spareParts.designationEn,
      quantity: quoteRequestLines.quantity,
      unitPriceCents: quoteRequestLines.unitPriceCents,
    })
    .from(quoteRequestLines)
    .innerJoin(spareParts, eq(spareParts.id, quoteRequestLines.partId))
    .where(
      inArray(
        quoteRequestLines.quoteId,
        quotes.map((quote) => quote.id),
      ),
    )
    .orderBy(asc(spareParts.partNumber));
  return quotes.map((quote) => {
    const own = lines
      .filter((line) => line.quoteId === quote.id)
      .map(({ quoteId: _quoteId, ...line }) => line);
    return {
      id: quote.id,
      number: quoteNumber(quote.number),
      status: quote.status,
      createdAt: quote.createdAt.toISOString(),
      comment: quote.comment,
      lines: own,
      totalCents: own.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
      currency: 'EUR' as const,
    };
  });
}

/** The quote if it belongs to the account; 404 otherwise (another account's id included). */
export async function requireOwnQuote(
  db: Database,
  accountId: string | null,
  quoteId: string,
): Promise<void> {
  const [row] = accountId
    ? await db
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(and(eq(quoteRequests.id, quoteId), eq(quoteRequests.accountId, accountId)))
    : [];
  if (!row) throw new HttpError(404, 'request.not_found');
}

/** A quote's conversation, oldest first, `limit` messages from `offset` (or the one `onlyId`). */
export async function listQuoteMessages(
  db: Database,
  translations: Translations,
  quoteId: string,
  {
    locale,
    onlyId,
    limit = 1,
    offset = 0,
  }: { locale: Language; onlyId?: string; limit?: number; offset?: number },
): Promise<Message[]> {
  const rows = await db
    .select({
      message: quoteMessages,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(quoteMessages)
    .leftJoin(users, eq(users.id, quoteMessages.authorUserId))
    .where(
      and(eq(quoteMessages.quoteId, quoteId), onlyId ? eq(quoteMessages.id, onlyId) : undefined),
    )
    .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id))
    .limit(limit)
    .offset(offset);
  const serviceName = translate(translations, 'mail', locale, 'service.name');
  return rows.map(({ message, ...author }) => messageView(message, author, serviceName));
}

/** Adds a customer message, within the conversation's rate limit (429 past it). */
export async function postQuoteMessage(
  db: Database,
  args: { quoteId: string; userId: string; body: string; now: Date; limit: RateLimit },
): Promise<string> {
  return db.transaction(async (tx) => {
    await consumeRateLimits(tx as unknown as Database, [args.limit], args.now);
    const [row] = await tx
      .insert(quoteMessages)
      .values({
        quoteId: args.quoteId,
        author: 'customer',
        authorUserId: args.userId,
        body: args.body,
        createdAt: args.now,
      })
      .returning({ id: quoteMessages.id });
    return row!.id;
  });
}
