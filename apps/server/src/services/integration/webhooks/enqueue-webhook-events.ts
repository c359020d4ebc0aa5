import { and, eq, isNull } from 'drizzle-orm';
import type { WebhookEventData, WebhookEventType } from '@portal/contract';
import type { Transaction } from '../../../db/client';
import { users, webhookEndpoints, webhookMessages } from '../../../db/schema';
import { isWithinSites } from '../../site-scope';
import { makerColumns, makerOf, makerSiteScope } from '../maker-scope';

/** A message is retried for this long after its event; then it is given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3600_000;

/** An event and the site it is about (null: none), which decides which endpoints may hear it. */
export type WebhookEvent = {
  [T in WebhookEventType]: { type: T; data: WebhookEventData[T]; siteId: string | null };
}[WebhookEventType];

/**
 * Queues events for every enabled endpoint of the account that subscribes to them and may see
 * them, in the caller's transaction: a message exists if and only if the change that raised it
 * commits. An endpoint hears no more than the person who made it may see now (makerSiteScope):
 * the events of their sites only, none once they left the account. Answers how many messages
 * were queued.
 */
export async function enqueueWebhookEvents(
  tx: Transaction,
  { accountId, events, now }: { accountId: string; events: readonly WebhookEvent[]; now: Date },
): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      events: webhookEndpoints.events,
      createdByUserId: webhookEndpoints.createdByUserId,
      ...makerColumns,
    })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdByUserId))
    .where(and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.disabledReason)));
  const rows = endpoints.flatMap((endpoint) => {
    const scope = makerSiteScope(endpoint.createdByUserId, makerOf(endpoint), accountId);
    if (scope === 'none') return [];
    return events
      .filter((event) => endpoint.events.includes(event.type))
      .filter((event) => isWithinSites(scope)(event))
      .map((event) => ({
        endpointId: endpoint.id,
        accountId,
        eventType: event.type,
        body: JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data }),
        createdAt: now,
        nextAttemptAt: now,
        retryUntil: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
      }));
  });
  if (rows.length) await tx.insert(webhookMessages).values(rows);
  return rows.length;
}
