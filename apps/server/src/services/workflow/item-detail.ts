import { asc, eq } from 'drizzle-orm';
import {
  availableActions,
  priceFigures,
  type Language,
  type WorkItemDetail,
} from '@portal/contract';
import type { Database } from '../../db/client';
import {
  collections,
  drums,
  quoteRequestLines,
  quoteRequests,
  refillRequestItems,
  requestAttachments,
  refillRequests,
  spareParts,
  users,
} from '../../db/schema';
import { conversationOwnerOf, listMessages } from '../conversation/conversation';
import { DomainError } from '../domain-error';
import { attachmentView } from '../refill/attachments';
import type { Translations } from '../translations';
import { listInbox } from './inbox';
import { listNotes } from './staff-work';
import { timelineOf, workflowOf } from './work-items';

/**
 * One item as staff work it: its inbox row, what the customer asked, the offer, the actions
 * staff may take from its state, the whole timeline, the internal notes and the conversation.
 */
export async function getWorkItemDetail(
  db: Database,
  translations: Translations,
  args: {
    itemId: string;
    userId: string;
    locale: Language;
    now: Date;
    /** The tax rate on a quote's prices, in basis points. */
    taxRateBasisPoints: number;
  },
): Promise<WorkItemDetail> {
  const { rows } = await listInbox(
    db,
    { status: 'all', assignee: 'any' },
    args.userId,
    args.now,
    { limit: 1, offset: 0 },
    args.itemId,
  );
  const row = rows[0];
  if (!row) throw new DomainError('request.not_found');
  let createdBy: string | null = null;
  let comment: string | null = null;
  let statusReason: string | null = null;
  let refill: WorkItemDetail['refill'] = null;
  let quote: WorkItemDetail['quote'] = null;
  let collection: WorkItemDetail['collection'] = null;
  if (row.kind === 'collection') {
    const [found] = await db
      .select({ collection: collections, serial: drums.serial, email: users.email })
      .from(collections)
      .innerJoin(drums, eq(drums.id, collections.drumId))
      .leftJoin(users, eq(users.id, collections.createdByUserId))
      .where(eq(collections.id, row.id));
    if (!found) throw new DomainError('request.not_found');
    createdBy = found.email;
    comment = found.collection.comment;
    statusReason = found.collection.statusReason;
    collection = {
      drum: { id: found.collection.drumId, serial: found.serial },
      pickupAddress: found.collection.pickupAddress,
      timeSlots: found.collection.timeSlots,
      loadingMeans: found.collection.loadingMeans,
      pickupDate: found.collection.pickupDate,
      collectedOn: found.collection.collectedOn,
    };
  } else if (row.kind === 'refill_request') {
    const [request] = await db
      .select({ request: refillRequests, email: users.email })
      .from(refillRequests)
      .leftJoin(users, eq(users.id, refillRequests.createdByUserId))
      .where(eq(refillRequests.id, row.id));
    if (!request) throw new DomainError('request.not_found');
    const items = await db
      .select({ serial: drums.serial, quantity: refillRequestItems.quantity })
      .from(refillRequestItems)
      .innerJoin(drums, eq(drums.id, refillRequestItems.drumId))
      .where(eq(refillRequestItems.requestId, row.id))
      .orderBy(asc(drums.serial));
    const files = await db
      .select()
      .from(requestAttachments)
      .where(eq(requestAttachments.requestId, row.id))
      .orderBy(asc(requestAttachments.createdAt));
    createdBy = request.email;
    comment = request.request.comment;
    statusReason = request.request.statusReason;
    refill = {
      deliveryDate: request.request.deliveryDate,
      windowStart: request.request.windowStart,
      windowEnd: request.request.windowEnd,
      contactPhone: request.request.contactPhone,
      poNumber: request.request.poNumber,
      items,
      attachments: files.map(attachmentView),
    };
  } else {
    const [found] = await db
      .select({ quote: quoteRequests, email: users.email })
      .from(quoteRequests)
      .leftJoin(users, eq(users.id, quoteRequests.createdByUserId))
      .where(eq(quoteRequests.id, row.id));
    if (!found) throw new DomainError('request.not_found');
    const lines = await db
      .select({
        lineId: quoteRequestLines.id,
        partNumber: spareParts.partNumber,
        designation: args.locale === 'fr' ? spareParts.designationFr : spareParts.designationEn,
        quantity: quoteRequestLines.quantity,
        listUnitPriceCents: quoteRequestLines.unitPriceCents,
        offeredUnitPriceCents: quoteRequestLines.offeredUnitPriceCents,
      })
      .from(quoteRequestLines)
      .innerJoin(spareParts, eq(spareParts.id, quoteRequestLines.partId))
      .where(eq(quoteRequestLines.quoteId, row.id))
      .orderBy(asc(spareParts.partNumber));
    createdBy = found.email;
    comment = found.quote.comment;
    statusReason = found.quote.statusReason;
    quote = {
      lines,
      discountBasisPoints: found.quote.discountBasisPoints,
      validUntil: found.quote.validUntil,
      offerNote: found.quote.offerNote,
      figures: priceFigures(
        lines.map((line) => ({
          quantity: line.quantity,
          unitPriceCents: line.offeredUnitPriceCents ?? line.listUnitPriceCents,
        })),
        found.quote.discountBasisPoints,
        args.taxRateBasisPoints,
      ),
      poNumber: found.quote.poNumber,
    };
  }
  const timeline = (await timelineOf(db, [row.id], { includeInternal: true })).get(row.id) ?? [];
  const messages = await listMessages(
    db,
    translations,
    { kind: conversationOwnerOf[row.kind], id: row.id },
    args.locale,
    { limit: 500 },
  );
  return {
    ...row,
    createdBy,
    comment,
    statusReason,
    refill,
    quote,
    collection,
    actions: availableActions(
      workflowOf[row.kind] as typeof workflowOf.quote,
      row.status as never,
      'staff',
    ),
    timeline,
    notes: await listNotes(db, row.id),
    messages,
  };
}
