import { withinSites, type SiteScope } from '../site-scope';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CreateRefillRequestSchema, Language, RefillRequest } from '@portal/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  drums,
  refillProposals,
  refillRequestItems,
  refillRequests,
  requestAttachments,
  sites,
} from '../../db/schema';
import type { NotifyDeps } from '../workflow/notify';
import { openCustomerItem } from '../workflow/open-item';
import { customerHandling } from '../workflow/work-items';
import { DomainError } from '../domain-error';
import { insertOnce } from '../insert-once';
import { translate, type Translations } from '../translations';
import { attachmentView } from './attachments';
import { formatDay, isAllowedDeliveryDate } from './delivery-date';

type CreateInput = z.output<typeof CreateRefillRequestSchema>;

export function requestNumber(sequence: number): string {
  return `RR-${String(sequence).padStart(6, '0')}`;
}

/**
 * Creates a refill request once per Idempotency-Key: the insert does nothing when the key was
 * already used by the account, and the first request is answered instead. Concurrent submits with
 * one key wait on the unique index, so exactly one row (and one set of items) is ever written.
 * Customer service's acknowledgement opens the conversation.
 */
export async function createRefillRequest(
  db: Database,
  translations: Translations,
  args: {
    accountId: string | null;
    userId: string;
    locale: Language;
    idempotencyKey: string;
    input: CreateInput;
    timeZone: string;
    now: Date;
    /** A user limited to some sites requests for their drums only. */
    sitesInScope?: SiteScope;
    /** Where staff are told of the new request. */
    notify: NotifyDeps;
  },
): Promise<RefillRequest> {
  const { accountId, input, now } = args;
  if (!accountId) throw new DomainError('request.not_found');
  if (!isAllowedDeliveryDate(input.deliveryDate, now, args.timeZone)) {
    throw new DomainError('request.invalid', [
      { field: 'deliveryDate', errorCode: 'field.invalid' },
    ]);
  }
  const requestId = await db.transaction(async (tx) => {
    const inserted = await insertOnce(tx, refillRequests, {
      accountId,
      createdByUserId: args.userId,
      siteId: input.siteId,
      deliveryDate: input.deliveryDate,
      windowStart: input.windowStart,
      windowEnd: input.windowEnd,
      contactPhone: input.contactPhone,
      poNumber: input.poNumber || null,
      comment: input.comment || null,
      idempotencyKey: args.idempotencyKey,
      createdAt: now,
    });
    if (!inserted.created) return inserted.id;

    const [site] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          eq(sites.id, input.siteId),
          eq(sites.accountId, accountId),
          withinSites(sites.id, args.sitesInScope),
        ),
      );
    if (!site)
      throw new DomainError('request.invalid', [{ field: 'siteId', errorCode: 'field.invalid' }]);
    const drumIds = input.items.map((item) => item.drumId);
    const owned = await tx
      .select({ id: drums.id, siteId: drums.siteId })
      .from(drums)
      .where(
        and(
          inArray(drums.id, drumIds),
          eq(drums.accountId, accountId),
          withinSites(drums.siteId, args.sitesInScope),
        ),
      );
    const siteOf = new Map(owned.map((drum) => [drum.id, drum.siteId]));
    const foreign = input.items.flatMap((item, index) =>
      siteOf.has(item.drumId)
        ? []
        : [{ field: `items.${index}.drumId`, errorCode: 'field.invalid' as const }],
    );
    if (foreign.length) throw new DomainError('request.invalid', foreign);
    // One request, one delivery: every drum is on the site the refill is delivered to.
    const elsewhere = input.items.flatMap((item, index) =>
      siteOf.get(item.drumId) === input.siteId
        ? []
        : [{ field: `items.${index}.drumId`, errorCode: 'refill.drum_on_other_site' as const }],
    );
    if (elsewhere.length) throw new DomainError('request.invalid', elsewhere);

    await tx
      .insert(refillRequestItems)
      .values(input.items.map((item) => ({ requestId: inserted.id, ...item })));
    // The request answers the open proposals of its drums, whether it came from one or not.
    await tx
      .update(refillProposals)
      .set({
        status: 'confirmed',
        requestId: inserted.id,
        closedAt: now,
        closedByUserId: args.userId,
      })
      .where(
        and(
          eq(refillProposals.accountId, accountId),
          inArray(refillProposals.drumId, drumIds),
          eq(refillProposals.status, 'open'),
        ),
      );
    const acknowledgement = translate(translations, 'mail', args.locale, 'service.refillAck', {
      number: requestNumber(inserted.number),
      date: formatDay(input.deliveryDate, args.locale),
      start: input.windowStart,
      end: input.windowEnd,
    });
    await openCustomerItem(tx, args.notify, {
      id: inserted.id,
      kind: 'refill_request',
      conversation: 'request',
      reference: requestNumber(inserted.number),
      accountId,
      siteId: input.siteId,
      createdByUserId: args.userId,
      status: 'submitted',
      acknowledgement,
      now,
    });
    return inserted.id;
  });
  const [request] = await listRefillRequests(db, accountId, requestId);
  if (!request) throw new Error('created request not found');
  return request;
}

/** The account's requests, newest first (or one of them), with items, site and attachments. */
export async function listRefillRequests(
  db: Database,
  accountId: string | null,
  onlyId: string | undefined,
  /** Which rows, newest first (services/paging.ts). */
  { limit, offset }: { limit: number; offset: number } = { limit: 1, offset: 0 },
  sitesInScope: SiteScope = null,
): Promise<RefillRequest[]> {
  if (!accountId) return [];
  const rows = await db
    .select({ request: refillRequests, site: { id: sites.id, name: sites.name } })
    .from(refillRequests)
    .innerJoin(sites, eq(sites.id, refillRequests.siteId))
    .where(
      and(
        eq(refillRequests.accountId, accountId),
        onlyId ? eq(refillRequests.id, onlyId) : undefined,
        withinSites(refillRequests.siteId, sitesInScope),
      ),
    )
    .orderBy(desc(refillRequests.createdAt), desc(refillRequests.number))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.request.id);
  const items = await db
    .select({
      requestId: refillRequestItems.requestId,
      drumId: refillRequestItems.drumId,
      serial: drums.serial,
      quantity: refillRequestItems.quantity,
    })
    .from(refillRequestItems)
    .innerJoin(drums, eq(drums.id, refillRequestItems.drumId))
    .where(inArray(refillRequestItems.requestId, ids))
    .orderBy(asc(drums.serial));
  const files = await db
    .select()
    .from(requestAttachments)
    .where(inArray(requestAttachments.requestId, ids))
    .orderBy(asc(requestAttachments.createdAt));
  const handling = await customerHandling(db, ids);
  return rows.map(({ request, site }) => ({
    id: request.id,
    number: requestNumber(request.number),
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    site,
    items: items
      .filter((item) => item.requestId === request.id)
      .map(({ drumId, serial, quantity }) => ({ drumId, serial, quantity })),
    deliveryDate: request.deliveryDate,
    windowStart: request.windowStart,
    windowEnd: request.windowEnd,
    contactPhone: request.contactPhone,
    poNumber: request.poNumber,
    comment: request.comment,
    attachments: files.filter((file) => file.requestId === request.id).map(attachmentView),
    statusReason: request.statusReason,
    ...(handling.get(request.id) ?? noHandling),
  }));
}

/** An item from before the inbox existed has no handling yet: nobody's turn, nothing to show. */
const noHandling = { turn: null, handledBy: null, unread: false, timeline: [] };

/** The request if it belongs to the account; 404 otherwise (another account's id included). */
export async function requireOwnRequest(
  db: Database,
  accountId: string | null,
  requestId: string,
  sitesInScope: SiteScope = null,
): Promise<void> {
  const [row] = accountId
    ? await db
        .select({ id: refillRequests.id })
        .from(refillRequests)
        .where(
          and(
            eq(refillRequests.id, requestId),
            eq(refillRequests.accountId, accountId),
            withinSites(refillRequests.siteId, sitesInScope),
          ),
        )
    : [];
  if (!row) throw new DomainError('request.not_found');
}
