import { and, desc, eq } from 'drizzle-orm';
import type { Collection, CreateCollectionRequestSchema, Language } from '@portal/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { collections, drums, sites } from '../../db/schema';
import { DomainError } from '../domain-error';
import { localToday } from '../refill/delivery-date';
import { withinSites, type SiteScope } from '../site-scope';
import { translate, type Translations } from '../translations';
import type { NotifyDeps } from '../workflow/notify';
import { PROVIDER_TIME_ZONE } from '../workflow/response-due';
import { openCustomerItem } from '../workflow/open-item';
import { customerHandling } from '../workflow/work-items';

type CreateInput = z.output<typeof CreateCollectionRequestSchema>;

export function collectionNumber(sequence: number): string {
  return `CO-${String(sequence).padStart(6, '0')}`;
}

/**
 * Releases an empty drum: asks the provider to collect it. The drum must be the account's (and
 * in the user's sites), still on site (409 `collection.drum_collected`) and without a collection
 * under way (409 `collection.already_requested`, also when two releases race: the partial unique
 * index lets one through). Every half-day offered is today or later in the provider's calendar
 * (400 `collection.slot_in_past`). Customer service's acknowledgement opens the conversation and
 * the item lands in the provider's inbox.
 */
export async function createCollection(
  db: Database,
  translations: Translations,
  args: {
    accountId: string | null;
    userId: string;
    locale: Language;
    input: CreateInput;
    now: Date;
    sitesInScope?: SiteScope;
    notify: NotifyDeps;
  },
): Promise<Collection> {
  const { accountId, input, now } = args;
  if (!accountId) throw new DomainError('request.not_found');
  const today = localToday(now, PROVIDER_TIME_ZONE);
  const past = input.timeSlots.flatMap((slot, index) =>
    slot.date < today
      ? [{ field: `timeSlots.${index}.date`, errorCode: 'field.invalid' as const }]
      : [],
  );
  if (past.length) throw new DomainError('collection.slot_in_past', past);

  const id = await db.transaction(async (tx) => {
    const [drum] = await tx
      .select({
        id: drums.id,
        serial: drums.serial,
        siteId: drums.siteId,
        collectedOn: drums.collectedOn,
      })
      .from(drums)
      .where(
        and(
          eq(drums.id, input.drumId),
          eq(drums.accountId, accountId),
          withinSites(drums.siteId, args.sitesInScope),
        ),
      )
      .for('update');
    if (!drum) throw new DomainError('request.not_found');
    if (drum.collectedOn) throw new DomainError('collection.drum_collected');
    const [inserted] = await tx
      .insert(collections)
      .values({
        accountId,
        createdByUserId: args.userId,
        drumId: drum.id,
        siteId: drum.siteId,
        pickupAddress: input.pickupAddress,
        timeSlots: input.timeSlots,
        loadingMeans: input.loadingMeans,
        comment: input.comment || null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: collections.id, number: collections.number });
    if (!inserted) throw new DomainError('collection.already_requested');
    const reference = collectionNumber(inserted.number);
    await openCustomerItem(tx, args.notify, {
      id: inserted.id,
      kind: 'collection',
      conversation: 'collection',
      reference,
      accountId,
      siteId: drum.siteId,
      createdByUserId: args.userId,
      status: 'requested',
      acknowledgement: translate(translations, 'mail', args.locale, 'service.collectionAck', {
        number: reference,
        serial: drum.serial,
      }),
      now,
    });
    return inserted.id;
  });
  const [created] = await listCollections(db, accountId, id);
  if (!created) throw new Error('created collection not found');
  return created;
}

/** The account's collections, newest first (or one of them), with drum, site and handling. */
export async function listCollections(
  db: Database,
  accountId: string | null,
  onlyId: string | undefined,
  { limit, offset }: { limit: number; offset: number } = { limit: 1, offset: 0 },
  sitesInScope: SiteScope = null,
): Promise<Collection[]> {
  if (!accountId) return [];
  const rows = await db
    .select({
      collection: collections,
      drum: { id: drums.id, serial: drums.serial },
      site: { id: sites.id, name: sites.name },
    })
    .from(collections)
    .innerJoin(drums, eq(drums.id, collections.drumId))
    .innerJoin(sites, eq(sites.id, collections.siteId))
    .where(
      and(
        eq(collections.accountId, accountId),
        onlyId ? eq(collections.id, onlyId) : undefined,
        withinSites(collections.siteId, sitesInScope),
      ),
    )
    .orderBy(desc(collections.createdAt), desc(collections.number))
    .limit(limit)
    .offset(offset);
  const handling = await customerHandling(
    db,
    rows.map((row) => row.collection.id),
  );
  return rows.map(({ collection, drum, site }) => ({
    id: collection.id,
    number: collectionNumber(collection.number),
    status: collection.status,
    createdAt: collection.createdAt.toISOString(),
    drum,
    site,
    pickupAddress: collection.pickupAddress,
    timeSlots: collection.timeSlots,
    loadingMeans: collection.loadingMeans,
    comment: collection.comment,
    pickupDate: collection.pickupDate,
    collectedOn: collection.collectedOn,
    statusReason: collection.statusReason,
    ...(handling.get(collection.id) ?? {
      turn: null,
      handledBy: null,
      unread: false,
      timeline: [],
    }),
  }));
}

/** The collection if it belongs to the account (and the user's sites); 404 otherwise. */
export async function requireOwnCollection(
  db: Database,
  accountId: string | null,
  collectionId: string,
  sitesInScope: SiteScope = null,
): Promise<void> {
  const [row] = accountId
    ? await db
        .select({ id: collections.id })
        .from(collections)
        .where(
          and(
            eq(collections.id, collectionId),
            eq(collections.accountId, accountId),
            withinSites(collections.siteId, sitesInScope),
          ),
        )
    : [];
  if (!row) throw new DomainError('request.not_found');
}
