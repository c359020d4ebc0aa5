import { and, eq, isNull } from 'drizzle-orm';
import type { WebhookEventData, WebhookEventType } from '@portal/contract';
import type { Transaction } from '../../../db/client';
import { webhookEndpoints, webhookMessages } from '../../../db/schema';

/** A message is retried for this long after its event; then it is given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3600_000;

export type WebhookEvent = {
  [T in WebhookEventType]: { type: T; data: WebhookEventData[T] };
}[WebhookEventType];

/**
 * Queues events for every enabled endpoint of the account that subscribes to them, in the
 * caller's transaction: a message exists if and only if the change that raised it commits.
 * Answers how many messages were queued.
 */
export async function enqueueWebhookEvents(
  tx: Transaction,
  { accountId, events, now }: { accountId: string; events: readonly WebhookEvent[]; now: Date },
): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.disabledReason)));
  const rows = endpoints.flatMap((endpoint) =>
    events
      .filter((event) => endpoint.events.includes(event.type))
      .map((event) => ({
        endpointId: endpoint.id,
        accountId,
        eventType: event.type,
        body: JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data }),
        createdAt: now,
        nextAttemptAt: now,
        retryUntil: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
      })),
  );
  if (rows.length) await tx.insert(webhookMessages).values(rows);
  return rows.length;
}
