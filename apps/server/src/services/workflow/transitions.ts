import { and, eq, lte } from 'drizzle-orm';
import {
  checkTransition,
  priceFigures,
  type CollectionAction,
  type CollectionStatus,
  type PriceFigures,
  type QuoteAction,
  type QuoteStatus,
  type RefillRequestAction,
  type RefillRequestStatus,
  type WorkItemKind,
} from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import {
  collections,
  drums,
  quoteRequestLines,
  quoteRequests,
  refillRequests,
  spareParts,
  workItemEvents,
  workItems,
} from '../../db/schema';
import { DomainError } from '../domain-error';
import {
  enqueueWebhookEvents,
  type WebhookEvent,
} from '../integration/webhooks/enqueue-webhook-events';
import { localToday } from '../refill/delivery-date';
import { notifyOtherSide, type NotifyDeps } from './notify';
import { PROVIDER_TIME_ZONE, responseDueAt } from './response-due';
import { turnOf, workflowOf, type WorkActor } from './work-items';

export interface OfferInput {
  lines: Array<{ lineId: string; unitPriceCents: number }>;
  discountBasisPoints: number;
  validUntil: string;
  note?: string | undefined;
}

/** What a transition carries besides its action. */
export interface TransitionPayload {
  deliveryDate?: string;
  /** A collection's pickup day, when staff schedule it. */
  pickupDate?: string;
  reason?: string;
  poNumber?: string;
  offer?: OfferInput;
}

export interface TransitionRequest {
  itemId: string;
  action: RefillRequestAction | QuoteAction | CollectionAction;
  actor: WorkActor;
  payload: TransitionPayload;
  /** A customer's account: another account's item is not found. Null for staff and the system. */
  accountId: string | null;
  /** A customer limited to their own quotes or some sites: only those items are found. */
  visible?: (item: { siteId: string | null; createdByUserId: string | null }) => boolean;
  /** The kind of item a route is about: an item of another kind is not found under it. */
  kind?: WorkItemKind;
  now: Date;
}

/**
 * Applies one transition of an item's lifecycle in one transaction: the item row is locked, the
 * action checked against the state machine from its current state (refused: 409
 * `workflow.transition_not_allowed`), the item and its inbox row changed, the step written to its
 * timeline, the other side notified and the account's webhooks told (a refill request's every
 * status change, a quote's offer). Replaying a transition already applied changes nothing
 * and answers as the first time did.
 */
export async function applyTransition(
  db: Database,
  deps: NotifyDeps,
  request: TransitionRequest,
): Promise<{ changed: boolean; kind: WorkItemKind }> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(workItems)
      .where(eq(workItems.id, request.itemId))
      .for('update');
    if (!item || (request.kind && item.kind !== request.kind)) {
      throw new DomainError('request.not_found');
    }
    if (request.accountId !== null && item.accountId !== request.accountId) {
      throw new DomainError('request.not_found');
    }
    if (request.visible && !request.visible(item)) throw new DomainError('request.not_found');
    const workflow = workflowOf[item.kind];
    const check = checkTransition(
      workflow as typeof workflowOf.quote,
      item.status as QuoteStatus,
      request.action as QuoteAction,
      request.actor.side,
    );
    if (check.outcome === 'refused') throw new DomainError('workflow.transition_not_allowed');
    if (check.outcome === 'replay') return { changed: false, kind: item.kind };
    const to = check.to as string;

    const details =
      item.kind === 'refill_request'
        ? await applyRefillEffects(tx, item.id, to as RefillRequestStatus, request)
        : item.kind === 'collection'
          ? await applyCollectionEffects(tx, item.id, to as CollectionStatus, request)
          : await applyQuoteEffects(tx, item.id, to as QuoteStatus, request);

    const turn = turnOf(item.kind, to);
    const byCustomer = request.actor.side === 'customer';
    // Staff who move an unassigned item take it on.
    const assigneeUserId =
      item.assigneeUserId ?? (request.actor.side === 'staff' ? request.actor.userId : null);
    await tx
      .update(workItems)
      .set({
        status: to,
        turn,
        assigneeUserId,
        waitingSince: byCustomer && turn === 'provider' ? request.now : null,
        dueAt: byCustomer && turn === 'provider' ? responseDueAt(request.now) : null,
        ...(byCustomer ? {} : { lastProviderActivityAt: request.now }),
        updatedAt: request.now,
      })
      .where(eq(workItems.id, item.id));
    await tx.insert(workItemEvents).values({
      itemId: item.id,
      at: request.now,
      actorUserId: request.actor.userId,
      actorSide: request.actor.side,
      action: request.action,
      fromStatus: item.status,
      toStatus: to,
      details,
    });
    if (assigneeUserId !== item.assigneeUserId && assigneeUserId) {
      await tx.insert(workItemEvents).values({
        itemId: item.id,
        at: request.now,
        actorUserId: request.actor.userId,
        actorSide: 'staff',
        action: 'claim',
        details: { assigneeUserId },
      });
    }
    await notifyOtherSide(tx, deps, {
      itemId: item.id,
      kind: item.kind,
      reference: item.reference,
      status: to,
      action: request.action,
      actorSide: request.actor.side,
      createdByUserId: item.createdByUserId,
      assigneeUserId,
      now: request.now,
      offer: item.kind === 'quote' && to === 'offered' ? await offerOf(tx, deps, item) : undefined,
    });
    const event = await webhookEventOf(tx, item, to, request);
    if (event) {
      await enqueueWebhookEvents(tx, {
        accountId: item.accountId,
        events: [event],
        now: request.now,
      });
    }
    return { changed: true, kind: item.kind };
  });
}

/**
 * The offer on a quote as it stands: its last valid day, discount and lines at their offered
 * prices (an offer prices every line: applyQuoteEffects refuses one that leaves a line out).
 */
async function offerOnQuote(tx: Transaction, quoteId: string) {
  const [quote] = await tx
    .select({
      validUntil: quoteRequests.validUntil,
      discountBasisPoints: quoteRequests.discountBasisPoints,
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteId));
  const lines = await tx
    .select({
      partNumber: spareParts.partNumber,
      quantity: quoteRequestLines.quantity,
      unitPriceCents: quoteRequestLines.offeredUnitPriceCents,
    })
    .from(quoteRequestLines)
    .innerJoin(spareParts, eq(spareParts.id, quoteRequestLines.partId))
    .where(eq(quoteRequestLines.quoteId, quoteId))
    .orderBy(spareParts.partNumber);
  return {
    validUntil: quote?.validUntil ?? null,
    discountBasisPoints: quote?.discountBasisPoints ?? 0,
    lines: lines.map((line) => ({ ...line, unitPriceCents: line.unitPriceCents ?? 0 })),
  };
}

/** The offer just made on a quote, with the figures every surface shows. */
async function offerOf(
  tx: Transaction,
  deps: NotifyDeps,
  item: typeof workItems.$inferSelect,
): Promise<{ figures: PriceFigures; validUntil: string } | undefined> {
  const offer = await offerOnQuote(tx, item.id);
  if (!offer.validUntil) return undefined;
  return {
    figures: priceFigures(offer.lines, offer.discountBasisPoints, deps.taxRateBasisPoints),
    validUntil: offer.validUntil,
  };
}

/** The webhook event a transition raises, if any. */
async function webhookEventOf(
  tx: Transaction,
  item: typeof workItems.$inferSelect,
  to: string,
  request: TransitionRequest,
): Promise<WebhookEvent | undefined> {
  if (item.kind === 'refill_request') {
    const [refill] = await tx
      .select({ deliveryDate: refillRequests.deliveryDate })
      .from(refillRequests)
      .where(eq(refillRequests.id, item.id));
    return {
      type: 'refill_request.status_changed',
      siteId: item.siteId,
      data: {
        id: item.id,
        reference: item.reference,
        from: item.status,
        to,
        changedBy: request.actor.side,
        deliveryDate: refill?.deliveryDate ?? '',
      },
    };
  }
  if (item.kind !== 'quote' || to !== 'offered') return undefined;
  const offer = await offerOnQuote(tx, item.id);
  return {
    type: 'quote.offered',
    siteId: item.siteId,
    data: {
      id: item.id,
      reference: item.reference,
      validUntil: offer.validUntil ?? '',
      discountBasisPoints: offer.discountBasisPoints,
      lines: offer.lines,
    },
  };
}

async function applyRefillEffects(
  tx: Transaction,
  id: string,
  to: RefillRequestStatus,
  request: TransitionRequest,
): Promise<Record<string, unknown> | null> {
  const { payload, now } = request;
  if (to === 'confirmed') {
    const deliveryDate = payload.deliveryDate;
    if (!deliveryDate || deliveryDate < localToday(now, PROVIDER_TIME_ZONE)) {
      throw new DomainError('workflow.date_in_past', [
        { field: 'deliveryDate', errorCode: 'field.invalid' },
      ]);
    }
    await tx
      .update(refillRequests)
      .set({ status: to, deliveryDate })
      .where(eq(refillRequests.id, id));
    return { deliveryDate };
  }
  if (to === 'cancelled' && request.actor.side === 'staff') {
    await tx
      .update(refillRequests)
      .set({ status: to, statusReason: payload.reason ?? null })
      .where(eq(refillRequests.id, id));
    return { reason: payload.reason ?? null };
  }
  await tx.update(refillRequests).set({ status: to }).where(eq(refillRequests.id, id));
  return null;
}

/**
 * A collection's step: scheduling sets the pickup day (today or later), collecting takes the drum
 * off the account that day (it leaves the site's drums and its rent stops), a cancellation by
 * staff keeps their reason.
 */
async function applyCollectionEffects(
  tx: Transaction,
  id: string,
  to: CollectionStatus,
  request: TransitionRequest,
): Promise<Record<string, unknown> | null> {
  const { payload, now } = request;
  const today = localToday(now, PROVIDER_TIME_ZONE);
  if (to === 'scheduled') {
    const pickupDate = payload.pickupDate;
    if (!pickupDate) {
      throw new DomainError('request.invalid', [
        { field: 'pickupDate', errorCode: 'field.required' },
      ]);
    }
    if (pickupDate < today) {
      throw new DomainError('collection.pickup_date_in_past', [
        { field: 'pickupDate', errorCode: 'field.invalid' },
      ]);
    }
    await tx.update(collections).set({ status: to, pickupDate }).where(eq(collections.id, id));
    return { pickupDate };
  }
  if (to === 'collected') {
    const [collected] = await tx
      .update(collections)
      .set({ status: to, collectedOn: today })
      .where(eq(collections.id, id))
      .returning({ drumId: collections.drumId });
    if (collected) {
      await tx.update(drums).set({ collectedOn: today }).where(eq(drums.id, collected.drumId));
    }
    return { collectedOn: today };
  }
  if (to === 'cancelled' && request.actor.side === 'staff') {
    await tx
      .update(collections)
      .set({ status: to, statusReason: payload.reason ?? null })
      .where(eq(collections.id, id));
    return { reason: payload.reason ?? null };
  }
  await tx.update(collections).set({ status: to }).where(eq(collections.id, id));
  return null;
}

async function applyQuoteEffects(
  tx: Transaction,
  id: string,
  to: QuoteStatus,
  request: TransitionRequest,
): Promise<Record<string, unknown> | null> {
  const { payload, now } = request;
  const today = localToday(now, PROVIDER_TIME_ZONE);
  if (to === 'offered') {
    const offer = payload.offer;
    if (!offer)
      throw new DomainError('request.invalid', [{ field: 'offer', errorCode: 'field.required' }]);
    const negative = offer.lines.flatMap((line, index) =>
      line.unitPriceCents < 0
        ? [{ field: `offer.lines.${index}.unitPriceCents`, errorCode: 'field.invalid' as const }]
        : [],
    );
    if (negative.length) throw new DomainError('quote.negative_price', negative);
    if (offer.validUntil < today) {
      throw new DomainError('quote.validity_in_past', [
        { field: 'offer.validUntil', errorCode: 'field.invalid' },
      ]);
    }
    const lines = await tx
      .select({ id: quoteRequestLines.id })
      .from(quoteRequestLines)
      .where(eq(quoteRequestLines.quoteId, id));
    const ids = new Set(lines.map((line) => line.id));
    const priced = new Set(offer.lines.map((line) => line.lineId));
    const unknown = offer.lines.flatMap((line, index) =>
      ids.has(line.lineId)
        ? []
        : [{ field: `offer.lines.${index}.lineId`, errorCode: 'field.invalid' as const }],
    );
    if (unknown.length) throw new DomainError('request.invalid', unknown);
    // Every line of the quote gets a price: an offer never leaves one out.
    if (priced.size !== ids.size) {
      throw new DomainError('request.invalid', [
        { field: 'offer.lines', errorCode: 'field.invalid' },
      ]);
    }
    for (const line of offer.lines) {
      await tx
        .update(quoteRequestLines)
        .set({ offeredUnitPriceCents: line.unitPriceCents })
        .where(and(eq(quoteRequestLines.id, line.lineId), eq(quoteRequestLines.quoteId, id)));
    }
    await tx
      .update(quoteRequests)
      .set({
        status: to,
        discountBasisPoints: offer.discountBasisPoints,
        validUntil: offer.validUntil,
        offerNote: offer.note || null,
        offeredAt: now,
        statusReason: null,
      })
      .where(eq(quoteRequests.id, id));
    return { validUntil: offer.validUntil, discountBasisPoints: offer.discountBasisPoints };
  }
  if (to === 'accepted') {
    const [quote] = await tx
      .select({ validUntil: quoteRequests.validUntil })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, id));
    if (!quote?.validUntil || quote.validUntil < today)
      throw new DomainError('quote.offer_expired');
    await tx
      .update(quoteRequests)
      .set({ status: to, poNumber: payload.poNumber ?? null, acceptedAt: now })
      .where(eq(quoteRequests.id, id));
    return { poNumber: payload.poNumber ?? null };
  }
  if (to === 'declined') {
    await tx
      .update(quoteRequests)
      .set({ status: to, statusReason: payload.reason ?? null })
      .where(eq(quoteRequests.id, id));
    return { reason: payload.reason ?? null };
  }
  if (to === 'requested' || to === 'in_review') {
    // Asked again: the old offer no longer binds anyone.
    await tx
      .update(quoteRequests)
      .set({ status: to, validUntil: null, statusReason: null })
      .where(eq(quoteRequests.id, id));
    return null;
  }
  await tx.update(quoteRequests).set({ status: to }).where(eq(quoteRequests.id, id));
  return null;
}

/**
 * Expires the offers whose last valid day is past, each as the system's transition (timeline,
 * the customer told). Returns how many expired.
 */
export async function expireOffers(db: Database, deps: NotifyDeps, now: Date): Promise<number> {
  const today = localToday(now, PROVIDER_TIME_ZONE);
  const yesterday = new Date(`${today}T12:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  const due = await db
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(
      and(
        eq(quoteRequests.status, 'offered'),
        lte(quoteRequests.validUntil, yesterday.toISOString().slice(0, 10)),
      ),
    );
  for (const quote of due) {
    await applyTransition(db, deps, {
      itemId: quote.id,
      action: 'expire',
      actor: { side: 'system', userId: null },
      payload: {},
      accountId: null,
      now,
    });
  }
  return due.length;
}
