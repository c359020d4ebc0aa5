import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { priceFigures, type Language, type Quote } from '@portal/contract';
import type { Database } from '../../db/client';
import { cartLines, quoteRequestLines, quoteRequests, spareParts } from '../../db/schema';
import { DomainError } from '../domain-error';
import { insertOnce } from '../insert-once';
import { translate, type Translations } from '../translations';
import type { NotifyDeps } from '../workflow/notify';
import { openCustomerItem } from '../workflow/open-item';
import { customerHandling } from '../workflow/work-items';

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
    /** The tax rate on its prices, in basis points. */
    taxRateBasisPoints: number;
    /** Where staff are told of the new quote request. */
    notify: NotifyDeps;
  },
): Promise<Quote> {
  const { accountId, now } = args;
  if (!accountId) throw new DomainError('request.not_found');
  const quoteId = await db.transaction(async (tx) => {
    const inserted = await insertOnce(tx, quoteRequests, {
      accountId,
      createdByUserId: args.userId,
      comment: args.comment || null,
      idempotencyKey: args.idempotencyKey,
      createdAt: now,
    });
    if (!inserted.created) return inserted.id;

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
    if (lines.length === 0) throw new DomainError('spareparts.cart_empty');

    await tx
      .insert(quoteRequestLines)
      .values(lines.map((line) => ({ quoteId: inserted.id, ...line })));
    await tx.delete(cartLines).where(eq(cartLines.userId, args.userId));
    const acknowledgement = translate(translations, 'mail', args.locale, 'service.quoteAck', {
      number: quoteNumber(inserted.number),
    });
    await openCustomerItem(tx, args.notify, {
      id: inserted.id,
      kind: 'quote',
      conversation: 'quote',
      reference: quoteNumber(inserted.number),
      accountId,
      siteId: null,
      createdByUserId: args.userId,
      status: 'requested',
      acknowledgement,
      now,
    });
    return inserted.id;
  });
  const [quote] = await listQuotes(db, accountId, args.locale, args.taxRateBasisPoints, quoteId);
  if (!quote) throw new Error('created quote not found');
  return quote;
}

/**
 * The account's quotes, newest first (or one of them), lines with designations in `lang`, and
 * each quote's figures at the prices that stand, with tax at `taxRateBasisPoints`.
 */
export async function listQuotes(
  db: Database,
  accountId: string | null,
  lang: Language,
  taxRateBasisPoints: number,
  onlyId: string | undefined,
  /** Which rows, newest first (services/paging.ts). */
  { limit, offset }: { limit: number; offset: number } = { limit: 1, offset: 0 },
  /**
   * A quote names no site: a user limited to some sites sees the quotes they asked for
   * themselves, and only those.
   */
  onlyCreatedBy?: string,
): Promise<Quote[]> {
  if (!accountId) return [];
  const quotes = await db
    .select()
    .from(quoteRequests)
    .where(
      and(
        eq(quoteRequests.accountId, accountId),
        onlyId ? eq(quoteRequests.id, onlyId) : undefined,
        onlyCreatedBy ? eq(quoteRequests.createdByUserId, onlyCreatedBy) : undefined,
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
      offeredUnitPriceCents: quoteRequestLines.offeredUnitPriceCents,
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
  const handling = await customerHandling(
    db,
    quotes.map((quote) => quote.id),
  );
  return quotes.map((quote) => {
    const mine = lines.filter((line) => line.quoteId === quote.id);
    // An offer binds once every line has its offered price: from then on its prices and discount
    // stand; before, the catalogue prices of the day of the request, with no discount.
    const offered =
      quote.validUntil !== null && mine.every((line) => line.offeredUnitPriceCents !== null);
    const standing = mine.map(
      ({ quoteId: _quoteId, offeredUnitPriceCents, unitPriceCents, ...line }) => {
        const price = offered ? (offeredUnitPriceCents ?? unitPriceCents) : unitPriceCents;
        return { ...line, unitPriceCents: price, lineTotalCents: price * line.quantity };
      },
    );
    return {
      id: quote.id,
      number: quoteNumber(quote.number),
      status: quote.status,
      createdAt: quote.createdAt.toISOString(),
      comment: quote.comment,
      lines: standing,
      figures: priceFigures(standing, offered ? quote.discountBasisPoints : 0, taxRateBasisPoints),
      currency: 'EUR' as const,
      offer:
        offered && quote.validUntil
          ? { validUntil: quote.validUntil, note: quote.offerNote }
          : null,
      poNumber: quote.poNumber,
      statusReason: quote.statusReason,
      ...(handling.get(quote.id) ?? { turn: null, handledBy: null, unread: false, timeline: [] }),
    };
  });
}

/** The quote if it belongs to the account; 404 otherwise (another account's id included). */
export async function requireOwnQuote(
  db: Database,
  accountId: string | null,
  quoteId: string,
  onlyCreatedBy?: string,
): Promise<void> {
  const [row] = accountId
    ? await db
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(
          and(
            eq(quoteRequests.id, quoteId),
            eq(quoteRequests.accountId, accountId),
            onlyCreatedBy ? eq(quoteRequests.createdByUserId, onlyCreatedBy) : undefined,
          ),
        )
    : [];
  if (!row) throw new DomainError('request.not_found');
}
