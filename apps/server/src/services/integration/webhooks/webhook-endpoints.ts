import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_MAX,
  type CreateWebhookEndpointRequest,
  type PageQuery,
  type UpdateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../../db/schema';
import { recordAudit, type Actor } from '../../accounts/audit';
import { DomainError } from '../../domain-error';
import { generateWebhookSecret, webhookMessageId } from './signing';

/** After a rotation, the old secret keeps signing this long, beside the new one. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3600_000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as its audit rows name it: by its address, which is what the reader knows. */
const endpointTarget = (row: Pick<EndpointRow, 'id' | 'url'>) => ({
  type: 'webhook_endpoint' as const,
  id: row.id,
  label: row.url,
});

/** What of an endpoint the trail records: where it sends, what and whether; never its secret. */
const auditedEndpoint = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  isEnabled: row.disabledReason === null,
});

/** The audited values that differ between `before` and `after`, each side's own. */
function changedValues(before: EndpointRow, after: EndpointRow) {
  const was = auditedEndpoint(before);
  const is = auditedEndpoint(after);
  const keys = (Object.keys(is) as Array<keyof typeof is>).filter(
    (key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, was[key]])),
    after: Object.fromEntries(keys.map((key) => [key, is[key]])),
  };
}

export function presentWebhookEndpoint(row: EndpointRow, now: Date): WebhookEndpoint {
  const overlapping = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    isEnabled: row.disabledReason === null,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: overlapping ? row.previousSecretExpiresAt!.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's endpoints, oldest first (there are at most WEBHOOK_ENDPOINTS_MAX). */
export async function listWebhookEndpoints(
  db: Database,
  accountId: string,
  now: Date,
): Promise<{ endpoints: WebhookEndpoint[] }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return { endpoints: rows.map((row) => presentWebhookEndpoint(row, now)) };
}

/**
 * Registers an endpoint; the answer is the only time its secret is shown. The account's count is
 * checked with the account's endpoints locked, so two creations at once cannot pass the limit.
 */
export async function createWebhookEndpoint(
  db: Database,
  {
    accountId,
    actor,
    input,
    now,
  }: { accountId: string; actor: Actor; input: CreateWebhookEndpointRequest; now: Date },
): Promise<WebhookEndpointWithSecret> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${accountId}`}, 0))`,
    );
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
      throw new DomainError('integration.too_many_webhooks');
    const secret = generateWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        accountId,
        url: input.url,
        description: input.description ?? '',
        events: [...input.events],
        secret,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('webhook_endpoints insert returned nothing');
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'integration.webhook_created',
      target: endpointTarget(row),
      after: { url: row.url, events: row.events },
      at: now,
    });
    return { endpoint: presentWebhookEndpoint(row, now), secret };
  });
}

/** Another account's endpoint is as unknown as a missing one. */
const ownEndpoint = (accountId: string, id: string) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId));

/**
 * Changes an endpoint's address, description, events or state. Disabling gives up its pending
 * messages (they can be sent again from the log once it is enabled); enabling starts its
 * failure count afresh.
 */
export async function updateWebhookEndpoint(
  db: Database,
  {
    accountId,
    id,
    input,
    actor,
    now,
  }: {
    accountId: string;
    id: string;
    input: UpdateWebhookEndpointRequest;
    actor: Actor;
    now: Date;
  },
): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(webhookEndpoints)
      .where(ownEndpoint(accountId, id))
      .for('update');
    if (!current) throw new DomainError('request.not_found');
    const enabling = input.isEnabled === true && current.disabledReason !== null;
    const disabling = input.isEnabled === false && current.disabledReason === null;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { events: [...input.events] } : {}),
        ...(enabling ? { disabledReason: null, failingSince: null } : {}),
        ...(disabling ? { disabledReason: 'admin' as const } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (disabling) await giveUpPending(tx, id, now);
    const { before, after } = changedValues(current, row!);
    if (Object.keys(after).length > 0) {
      await recordAudit(tx, {
        accountId,
        actor,
        action: 'integration.webhook_updated',
        target: endpointTarget(row!),
        before,
        after,
        at: now,
      });
    }
    return presentWebhookEndpoint(row!, now);
  });
}

/**
 * After an account's suspension is lifted, the messages it held are sent with the time they had
 * left: their retry window and their endpoints' failing time are moved on by the time held, so a
 * long suspension neither gives them up nor disables a healthy receiver.
 */
export async function resumeHeldMessages(
  tx: Pick<Database, 'update'>,
  accountId: string,
  heldMs: number,
): Promise<void> {
  const held = sql`make_interval(secs => ${heldMs / 1000})`;
  await tx
    .update(webhookMessages)
    .set({ retryUntil: sql`${webhookMessages.retryUntil} + ${held}` })
    .where(and(eq(webhookMessages.accountId, accountId), isNotNull(webhookMessages.nextAttemptAt)));
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`${webhookEndpoints.failingSince} + ${held}` })
    .where(
      and(eq(webhookEndpoints.accountId, accountId), isNotNull(webhookEndpoints.failingSince)),
    );
}

/** Gives up an endpoint's messages that wait for an attempt. */
export async function giveUpPending(
  tx: Pick<Database, 'update'>,
  endpointId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(webhookMessages)
    .set({ nextAttemptAt: null, failedAt: now, redeliveryRequested: false })
    .where(
      and(
        eq(webhookMessages.endpointId, endpointId),
        isNull(webhookMessages.deliveredAt),
        isNull(webhookMessages.failedAt),
      ),
    );
}

/**
 * Draws a new secret; the old one keeps signing beside it for a day, so the receiver can move
 * to the new one without refusing a message. A rotation during an overlap ends the older
 * secret at once: at most two secrets ever sign.
 */
export async function rotateWebhookSecret(
  db: Database,
  { accountId, id, actor, now }: { accountId: string; id: string; actor: Actor; now: Date },
): Promise<WebhookEndpointWithSecret> {
  const secret = generateWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS),
        secret,
        updatedAt: now,
      })
      .where(ownEndpoint(accountId, id))
      .returning();
    if (!row) throw new DomainError('request.not_found');
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'integration.webhook_secret_rotated',
      target: endpointTarget(row),
      at: now,
    });
    return { endpoint: presentWebhookEndpoint(row, now), secret };
  });
}

/** Deletes an endpoint with its messages and their log. */
export async function deleteWebhookEndpoint(
  db: Database,
  { accountId, id, actor, now }: { accountId: string; id: string; actor: Actor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(ownEndpoint(accountId, id)).returning();
    if (!row) throw new DomainError('request.not_found');
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'integration.webhook_deleted',
      target: endpointTarget(row),
      before: { url: row.url, events: row.events },
      at: now,
    });
  });
}

/** The endpoint's messages, newest first, each with its attempts, newest first. */
export async function listWebhookDeliveries(
  db: Database,
  { accountId, id, page }: { accountId: string; id: string; page: PageQuery },
): Promise<{ deliveries: WebhookDelivery[]; nextOffset: number | null }> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(ownEndpoint(accountId, id));
  if (!endpoint) throw new DomainError('request.not_found');
  const messages = await db
    .select()
    .from(webhookMessages)
    .where(eq(webhookMessages.endpointId, id))
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const shown = messages.slice(0, page.limit);
  const attempts = shown.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.messageId,
            shown.map((message) => message.id),
          ),
        )
        .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id))
    : [];
  return {
    deliveries: shown.map((message) => ({
      id: message.id,
      webhookId: webhookMessageId(message.id),
      eventType: message.eventType,
      status: message.deliveredAt ? 'succeeded' : message.failedAt ? 'failed' : 'pending',
      createdAt: message.createdAt.toISOString(),
      nextAttemptAt: message.nextAttemptAt?.toISOString() ?? null,
      attempts: attempts
        .filter((attempt) => attempt.messageId === message.id)
        .map((attempt) => ({
          at: attempt.at.toISOString(),
          outcome: attempt.succeeded ? 'succeeded' : 'failed',
          responseStatus: attempt.responseStatus,
          durationMs: attempt.durationMs,
          error: attempt.error,
          isRedelivery: attempt.isRedelivery,
        })),
    })),
    nextOffset: messages.length > page.limit ? page.offset + page.limit : null,
  };
}

/**
 * Sends a message again, as it was (same `webhook-id` and body), at the worker's next round:
 * one more attempt, logged as a redelivery. Refused while the endpoint is disabled.
 */
export async function redeliverWebhookMessage(
  db: Database,
  {
    accountId,
    id,
    deliveryId,
    now,
  }: { accountId: string; id: string; deliveryId: string; now: Date },
): Promise<void> {
  const [found] = await db
    .select({ disabledReason: webhookEndpoints.disabledReason })
    .from(webhookMessages)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
    .where(
      and(
        eq(webhookMessages.id, deliveryId),
        eq(webhookMessages.endpointId, id),
        eq(webhookEndpoints.accountId, accountId),
      ),
    );
  if (!found) throw new DomainError('request.not_found');
  if (found.disabledReason) throw new DomainError('integration.webhook_disabled');
  await db
    .update(webhookMessages)
    .set({ nextAttemptAt: now, redeliveryRequested: true, deliveredAt: null, failedAt: null })
    .where(eq(webhookMessages.id, deliveryId));
}
