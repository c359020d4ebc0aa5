import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { WorkItemKind } from '@portal/contract';
import type { Database } from '../db/client';
import { DEMO_ACCOUNT_ID } from '../db/demo-account';
import type { SeedStep } from '../db/seed';
import {
  collectionMessages,
  collections,
  drums,
  quoteMessages,
  quoteRequestLines,
  quoteRequests,
  refillRequestItems,
  refillRequests,
  requestMessages,
  spareParts,
  users,
  workItemEvents,
  workItemNotes,
  workItems,
} from '../db/schema';
import { collectionNumber } from '../services/collections/collections';
import { quoteNumber } from '../services/spareparts/quotes';
import { requestNumber } from '../services/refill/refill-requests';
import { responseDueAt } from '../services/workflow/response-due';
import { turnOf } from '../services/workflow/work-items';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** The steps that lead to each state, from the request. */
const refillPaths: Record<string, string[]> = {
  submitted: [],
  confirmed: ['confirm'],
  scheduled: ['confirm', 'schedule'],
  delivered: ['confirm', 'schedule', 'deliver'],
  cancelled: ['cancel'],
};
const refillTargets: Record<string, string> = {
  confirm: 'confirmed',
  schedule: 'scheduled',
  deliver: 'delivered',
  cancel: 'cancelled',
};
const quotePaths: Record<string, string[]> = {
  requested: [],
  in_review: ['review'],
  offered: ['review', 'offer'],
  accepted: ['review', 'offer', 'accept'],
  declined: ['review', 'offer', 'decline'],
  expired: ['review', 'offer', 'expire'],
  withdrawn: ['withdraw'],
};
const quoteTargets: Record<string, string> = {
  review: 'in_review',
  offer: 'offered',
  accept: 'accepted',
  decline: 'declined',
  expire: 'expired',
  withdraw: 'withdrawn',
};
const collectionPaths: Record<string, string[]> = {
  requested: [],
  scheduled: ['schedule'],
  collected: ['schedule', 'collect'],
  cancelled: ['cancel'],
};
const collectionTargets: Record<string, string> = {
  schedule: 'scheduled',
  collect: 'collected',
  cancel: 'cancelled',
};
const customerActions = new Set(['accept', 'decline', 'withdraw']);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The back-office's demo: refill requests, quotes and drum collections of the demo account in
 * every state, the
 * open ones a mix of overdue (waiting for days) and fresh, handled or not, some with a customer
 * message staff have not read, and a note. Development only, like the staff users.
 */
export function demoWorkSeedStep(now: () => Date = () => new Date()): SeedStep {
  return {
    name: 'demo-work-items-v1',
    async run(db: Database) {
      const at = now();
      const [customer] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'buyer@demo-industries.example'));
      const staff = await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.email, ['agent@provider.example', 'manager@provider.example']))
        .orderBy(asc(users.email));
      const demoDrums = await db
        .select({ id: drums.id, siteId: drums.siteId })
        .from(drums)
        .where(eq(drums.accountId, DEMO_ACCOUNT_ID))
        .orderBy(asc(drums.serial))
        .limit(12);
      const parts = await db
        .select({ id: spareParts.id, unitPriceCents: spareParts.unitPriceCents })
        .from(spareParts)
        .orderBy(asc(spareParts.partNumber))
        .limit(3);
      if (!customer || demoDrums.length === 0 || parts.length === 0) return;
      const agent = staff[0]?.id ?? null;

      let index = 0;
      const plan = (status: string) => {
        index += 1;
        const ageDays = 1 + ((index * 3) % 9);
        const overdue = index % 2 === 0;
        let createdAt = new Date(at.getTime() - ageDays * DAY - index * HOUR);
        // An overdue item waits until its answer is due whatever the day: a weekend or a public
        // holiday stops the clock, and the same items are overdue on a Monday as on a Wednesday.
        while (overdue && responseDueAt(createdAt) > at) {
          createdAt = new Date(createdAt.getTime() - DAY);
        }
        return {
          createdAt,
          overdue,
          unread: index % 3 === 0,
          assigned: index % 4 !== 0 && status !== 'submitted' && status !== 'requested',
        };
      };

      // Every row is gathered first and inserted with one statement per table.
      const newItems: Array<typeof workItems.$inferInsert> = [];
      const newEvents: Array<typeof workItemEvents.$inferInsert> = [];
      const newNotes: Array<typeof workItemNotes.$inferInsert> = [];
      const newRequestMessages: Array<typeof requestMessages.$inferInsert> = [];
      const newQuoteMessages: Array<typeof quoteMessages.$inferInsert> = [];
      const newCollectionMessages: Array<typeof collectionMessages.$inferInsert> = [];

      const writeItem = (item: {
        id: string;
        kind: WorkItemKind;
        reference: string;
        siteId: string | null;
        status: string;
        steps: string[];
        targets: Record<string, string>;
        initial: string;
        createdAt: Date;
        overdue: boolean;
        unread: boolean;
        assigned: boolean;
      }) => {
        const turn = turnOf(item.kind, item.status);
        const open = turn === 'provider';
        const waitingSince = open
          ? item.overdue
            ? item.createdAt
            : new Date(at.getTime() - 2 * HOUR)
          : null;
        const lastCustomerMessageAt = item.unread ? new Date(at.getTime() - HOUR) : null;
        newItems.push({
          id: item.id,
          kind: item.kind,
          reference: item.reference,
          accountId: DEMO_ACCOUNT_ID,
          siteId: item.siteId,
          createdByUserId: customer.id,
          status: item.status,
          turn,
          assigneeUserId: item.assigned || item.steps.length > 0 ? agent : null,
          waitingSince,
          dueAt: waitingSince ? responseDueAt(waitingSince) : null,
          lastCustomerMessageAt,
          lastProviderActivityAt: item.steps.length ? item.createdAt : null,
          customerReadAt: item.createdAt,
          createdAt: item.createdAt,
          updatedAt: at,
        });
        let from = item.initial;
        newEvents.push({
          itemId: item.id,
          at: item.createdAt,
          actorUserId: customer.id,
          actorSide: 'customer',
          action: 'create',
          toStatus: item.initial,
        });
        item.steps.forEach((action, step) => {
          const to = item.targets[action] ?? from;
          const side = customerActions.has(action)
            ? 'customer'
            : action === 'expire'
              ? 'system'
              : 'staff';
          newEvents.push({
            itemId: item.id,
            at: new Date(item.createdAt.getTime() + (step + 1) * 3 * HOUR),
            actorUserId: side === 'customer' ? customer.id : side === 'staff' ? agent : null,
            actorSide: side,
            action,
            fromStatus: from,
            toStatus: to,
            details:
              action === 'schedule' && item.kind === 'collection'
                ? { pickupDate: isoDay(new Date(at.getTime() + 3 * DAY)) }
                : action === 'cancel'
                  ? { reason: 'Plus nécessaire' }
                  : action === 'accept'
                    ? { poNumber: 'PO-DEMO-1' }
                    : action === 'decline'
                      ? { reason: 'Budget reporté' }
                      : null,
          });
          from = to;
        });
        if (item.unread) {
          const message = {
            author: 'customer' as const,
            authorUserId: customer.id,
            body: 'Pouvez-vous me donner des nouvelles ?',
            createdAt: lastCustomerMessageAt ?? at,
          };
          if (item.kind === 'collection') {
            newCollectionMessages.push({ collectionId: item.id, ...message });
          } else if (item.kind === 'quote') {
            newQuoteMessages.push({ quoteId: item.id, ...message });
          } else {
            newRequestMessages.push({ requestId: item.id, ...message });
          }
        }
        if (item.overdue && open) {
          newNotes.push({
            itemId: item.id,
            authorUserId: agent,
            body: 'Client important : rappeler avant midi.',
            createdAt: at,
          });
        }
      };

      const refillPlans = Object.entries(refillPaths).flatMap(([status, steps]) =>
        [0, 1].map((copy) => {
          const shape = plan(status);
          const drum = demoDrums[index % demoDrums.length]!;
          return { status, steps, copy, shape, drum, key: `demo-work-refill-${status}-${copy}` };
        }),
      );
      const refillRows = new Map(
        (
          await db
            .insert(refillRequests)
            .values(
              refillPlans.map(({ status, shape, drum, key }) => ({
                accountId: DEMO_ACCOUNT_ID,
                createdByUserId: customer.id,
                siteId: drum.siteId,
                deliveryDate: isoDay(new Date(at.getTime() + 5 * DAY)),
                windowStart: '08:00',
                windowEnd: '12:00',
                contactPhone: '+33612345678',
                status: status as typeof refillRequests.$inferInsert.status,
                statusReason: status === 'cancelled' ? 'Plus nécessaire' : null,
                idempotencyKey: key,
                createdAt: shape.createdAt,
              })),
            )
            .returning({
              id: refillRequests.id,
              number: refillRequests.number,
              key: refillRequests.idempotencyKey,
            })
        ).map((row) => [row.key, row]),
      );
      await db.insert(refillRequestItems).values(
        refillPlans.map(({ key, drum }) => ({
          requestId: refillRows.get(key)!.id,
          drumId: drum.id,
          quantity: 1,
        })),
      );
      for (const { status, steps, shape, drum, key } of refillPlans) {
        const row = refillRows.get(key)!;
        // As for every request sent through the portal, the service's acknowledgement opens
        // its conversation.
        newRequestMessages.push({
          requestId: row.id,
          author: 'service',
          body: `Nous avons bien reçu votre demande ${requestNumber(row.number)}.`,
          createdAt: shape.createdAt,
        });
        writeItem({
          id: row.id,
          kind: 'refill_request',
          reference: requestNumber(row.number),
          siteId: drum.siteId,
          status,
          steps,
          targets: refillTargets,
          initial: 'submitted',
          ...shape,
        });
      }

      const quotePlans = Object.entries(quotePaths).flatMap(([status, steps]) =>
        [0, 1].map((copy) => ({
          status,
          steps,
          shape: plan(status),
          offered: steps.includes('offer'),
          key: `demo-work-quote-${status}-${copy}`,
        })),
      );
      const quoteRows = new Map(
        (
          await db
            .insert(quoteRequests)
            .values(
              quotePlans.map(({ status, shape, offered, key }) => ({
                accountId: DEMO_ACCOUNT_ID,
                createdByUserId: customer.id,
                comment: 'Pièces pour la maintenance de printemps',
                status: status as typeof quoteRequests.$inferInsert.status,
                discountBasisPoints: offered ? 500 : 0,
                validUntil: offered
                  ? isoDay(new Date(at.getTime() + (status === 'expired' ? -2 : 14) * DAY))
                  : null,
                offerNote: offered ? 'Livraison sous 10 jours ouvrés.' : null,
                offeredAt: offered ? shape.createdAt : null,
                poNumber: status === 'accepted' ? 'PO-DEMO-1' : null,
                acceptedAt: status === 'accepted' ? at : null,
                statusReason: status === 'declined' ? 'Budget reporté' : null,
                idempotencyKey: key,
                createdAt: shape.createdAt,
              })),
            )
            .returning({
              id: quoteRequests.id,
              number: quoteRequests.number,
              key: quoteRequests.idempotencyKey,
            })
        ).map((row) => [row.key, row]),
      );
      await db.insert(quoteRequestLines).values(
        quotePlans.flatMap(({ offered, key }) =>
          parts.map((part, line) => ({
            quoteId: quoteRows.get(key)!.id,
            partId: part.id,
            quantity: line + 1,
            unitPriceCents: part.unitPriceCents,
            offeredUnitPriceCents: offered ? Math.round(part.unitPriceCents * 0.95) : null,
          })),
        ),
      );
      for (const { status, steps, shape, key } of quotePlans) {
        const row = quoteRows.get(key)!;
        writeItem({
          id: row.id,
          kind: 'quote',
          reference: quoteNumber(row.number),
          siteId: null,
          status,
          steps,
          targets: quoteTargets,
          initial: 'requested',
          ...shape,
        });
      }

      // The open and cancelled collections are of the demo's last drums (the refill requests
      // use its first ones); the collected one is of a drum added already gone, so the demo's
      // drums stay as many as they were.
      const lastDrums = await db
        .select()
        .from(drums)
        .where(eq(drums.accountId, DEMO_ACCOUNT_ID))
        .orderBy(desc(drums.serial))
        .limit(3);
      const [model] = lastDrums;
      if (model) {
        const collectionPlans = [];
        for (const [status, steps] of Object.entries(collectionPaths)) {
          const shape = plan(status);
          const collectedOn = status === 'collected' ? isoDay(at) : null;
          const [drum] =
            status === 'collected'
              ? await db
                  .insert(drums)
                  .values({
                    accountId: DEMO_ACCOUNT_ID,
                    siteId: model.siteId,
                    productId: model.productId,
                    drumTypeId: model.drumTypeId,
                    serial: 'COLLECTED-1',
                    initialLengthM: model.initialLengthM,
                    installedOn: isoDay(new Date(at.getTime() - 120 * DAY)),
                    collectedOn,
                  })
                  .returning()
              : lastDrums.splice(-1, 1);
          if (drum) collectionPlans.push({ status, steps, shape, collectedOn, drum });
        }
        // Each collection is of a drum of its own.
        const collectionRows = new Map(
          (
            await db
              .insert(collections)
              .values(
                collectionPlans.map(({ status, steps, shape, collectedOn, drum }) => ({
                  accountId: DEMO_ACCOUNT_ID,
                  createdByUserId: customer.id,
                  drumId: drum.id,
                  siteId: drum.siteId,
                  pickupAddress: '12 rue des Forges\n69007 Lyon',
                  timeSlots: [
                    { date: isoDay(new Date(at.getTime() + 3 * DAY)), period: 'morning' as const },
                    {
                      date: isoDay(new Date(at.getTime() + 4 * DAY)),
                      period: 'afternoon' as const,
                    },
                  ],
                  loadingMeans: 'forklift' as const,
                  comment: 'Touret vide près du portail B.',
                  status: status as typeof collections.$inferInsert.status,
                  pickupDate: steps.includes('schedule')
                    ? isoDay(new Date(at.getTime() + 3 * DAY))
                    : null,
                  collectedOn,
                  statusReason: status === 'cancelled' ? 'Plus nécessaire' : null,
                  createdAt: shape.createdAt,
                })),
              )
              .returning({
                id: collections.id,
                number: collections.number,
                drumId: collections.drumId,
              })
          ).map((row) => [row.drumId, row]),
        );
        for (const { status, steps, shape, drum } of collectionPlans) {
          const row = collectionRows.get(drum.id)!;
          newCollectionMessages.push({
            collectionId: row.id,
            author: 'service',
            body: `Nous avons bien reçu votre demande ${collectionNumber(row.number)}.`,
            createdAt: shape.createdAt,
          });
          writeItem({
            id: row.id,
            kind: 'collection',
            reference: collectionNumber(row.number),
            siteId: drum.siteId,
            status,
            steps,
            targets: collectionTargets,
            initial: 'requested',
            ...shape,
          });
        }
      }

      await db.insert(workItems).values(newItems);
      await db.insert(workItemEvents).values(newEvents);
      if (newRequestMessages.length) await db.insert(requestMessages).values(newRequestMessages);
      if (newQuoteMessages.length) await db.insert(quoteMessages).values(newQuoteMessages);
      if (newCollectionMessages.length) {
        await db.insert(collectionMessages).values(newCollectionMessages);
      }
      if (newNotes.length) await db.insert(workItemNotes).values(newNotes);
    },
  };
}
