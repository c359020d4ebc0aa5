import { and, asc, count, eq } from 'drizzle-orm';
import type { Cart, Language } from '@portal/contract';
import type { Database } from '../../db/client';
import { cartLines, spareParts } from '../../db/schema';
import { DomainError } from '../domain-error';
import { partSummaries } from './part-summaries';

/** A cart bigger than this is a mistake or an attack, not a quote request. */
export const CART_MAX_LINES = 200;

/** The user's cart in the order the lines were added, with line totals and the badge count. */
export async function getCart(db: Database, userId: string, lang: Language): Promise<Cart> {
  const lines = await db
    .select({ partId: cartLines.partId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.partId));
  const parts = await partSummaries(
    db,
    lines.map((line) => line.partId),
    lang,
  );
  const cartLinesWithParts = parts.map((part, index) => {
    const quantity = lines[index]!.quantity;
    return { part, quantity, lineTotalCents: part.unitPriceCents * quantity };
  });
  return {
    lines: cartLinesWithParts,
    itemCount: cartLinesWithParts.reduce((sum, line) => sum + line.quantity, 0),
    totalCents: cartLinesWithParts.reduce((sum, line) => sum + line.lineTotalCents, 0),
    currency: 'EUR',
  };
}

/**
 * Sets the quantity of a part in the cart, adding the line when it is new. A superseded part is
 * refused with the code that tells the user to take its replacement.
 */
export async function setCartLine(
  db: Database,
  args: { userId: string; partId: string; quantity: number; now: Date },
): Promise<void> {
  const [part] = await db
    .select({ supersededById: spareParts.supersededById })
    .from(spareParts)
    .where(eq(spareParts.id, args.partId));
  if (!part) throw new DomainError('request.not_found');
  if (part.supersededById) throw new DomainError('spareparts.part_superseded');
  const [lines] = await db
    .select({ total: count() })
    .from(cartLines)
    .where(eq(cartLines.userId, args.userId));
  const updated = await db
    .update(cartLines)
    .set({ quantity: args.quantity })
    .where(and(eq(cartLines.userId, args.userId), eq(cartLines.partId, args.partId)))
    .returning({ partId: cartLines.partId });
  if (updated.length > 0) return;
  if ((lines?.total ?? 0) >= CART_MAX_LINES)
    throw new DomainError('request.invalid', [{ field: 'lines', errorCode: 'field.too_long' }]);
  await db
    .insert(cartLines)
    .values({
      userId: args.userId,
      partId: args.partId,
      quantity: args.quantity,
      addedAt: args.now,
    })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.partId],
      set: { quantity: args.quantity },
    });
}

/** Removes a part from the cart; removing what is not there is not an error (idempotent). */
export async function removeCartLine(db: Database, userId: string, partId: string): Promise<void> {
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.partId, partId)));
}
