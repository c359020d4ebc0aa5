import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { linkedPages } from '@portal/contract';
import { queryRows, type Database, type Transaction } from '../../../db/client';
import { users, webhookAttempts, webhookEndpoints, webhookMessages } from '../../../db/schema';
import type { Clock } from '../../clock';
import { enqueueMail } from '../../mail/outbox';
import { renderWebhookDisabledMail } from '../../mail/templates/webhook-disabled';
import type { Translations } from '../../translations';
import { giveUpPending } from './webhook-endpoints';
import { sendWebhook, WEBHOOK_TIMEOUT_MS, type WebhookSendOptions } from './send-webhook';
import { signWebhook, webhookMessageId } from './signing';

/**
 * The wait after each failed attempt (the first attempt is immediate): quick at first for a
 * receiver that blinked, then spaced out, every 10 hours at the end, until the message's 3 days
 * are over. Each wait is varied by ±10 % so that messages failed together do not come back
 * together.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
];
/** An endpoint whose every attempt failed for this long is disabled and its admins told. */
export const FAILING_ENDPOINT_DISABLED_AFTER_MS = 3 * 24 * 3600_000;
/** Delivered and given-up messages, with their log, are kept this long. */
const LOG_RETENTION_MS = 30 * 24 * 3600_000;
/** A disabled-endpoint mail is useful for a few days; after that the portal says it. */
const DISABLED_MAIL_TTL_MS = 7 * 24 * 3600_000;

export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? 5_000;
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** How an attempt ended: delivered, failed with a retry to come, or failed for good. */
export type WebhookAttemptOutcome = 'delivered' | 'failed_retrying' | 'given_up';

export interface WebhookWorkerOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  translations: Translations;
  publicUrl: string;
  /** Called when the worker queued mails (an endpoint disabled), so they go out now. */
  onMailQueued: () => void;
  send?: WebhookSendOptions;
  /** Deliveries in flight at once: a receiver that hangs holds one slot, never the others. */
  concurrency?: number;
  pollIntervalMs?: number;
  /** How long a claimed message is reserved for its attempt; longer than the send timeout. */
  leaseSeconds?: number;
  random?: () => number;
  /** Told of each attempt once it is recorded (the metrics count them). */
  onAttempt?: (outcome: WebhookAttemptOutcome) => void;
}

interface ClaimedMessage {
  id: string;
  endpoint_id: string;
  account_id: string;
  body: string;
  attempts: number;
  retry_until: Date | string;
  redelivery_requested: boolean;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | string | null;
}

/**
 * Delivers the webhooks' outbox. Due messages of enabled endpoints of accounts that are not
 * suspended are claimed with a lease
 * (FOR UPDATE SKIP LOCKED, so several instances share the work), up to `concurrency` in flight,
 * each bounded by the send timeout; a slot is refilled as soon as a delivery ends. Each attempt
 * is logged; a failure is retried on the schedule above, and an endpoint failing for 3 days is
 * disabled. A crash mid-send only means the lease runs out and the message is sent again: at
 * least once, with the same `webhook-id`, so receivers can drop duplicates.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private readonly inFlight = new Set<Promise<void>>();
  private filling: Promise<number> | undefined;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseSeconds: number;
  private readonly random: () => number;
  private lastPruneAt = -Infinity;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.concurrency = options.concurrency ?? 16;
    this.pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.leaseSeconds =
      options.leaseSeconds ??
      Math.ceil((options.send?.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000) + 50;
    this.random = options.random ?? Math.random;
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Look now (an event was just queued) instead of at the next poll. */
  poke(): void {
    if (this.started) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.filling;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * One round for tests: claims what is due (as many as free slots) and waits for those
   * deliveries to end. Answers how many were attempted.
   */
  async runOnce(): Promise<number> {
    const started = await this.fill();
    await Promise.allSettled([...this.inFlight]);
    return started;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.filling ??= this.fill()
        .catch((error: unknown) => {
          this.options.log.error({ err: error }, 'webhook worker round failed');
          return 0;
        })
        .finally(() => {
          this.filling = undefined;
          if (this.started) this.schedule(this.pollIntervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Claims due messages for the free slots and starts their deliveries without waiting. */
  private async fill(): Promise<number> {
    await this.pruneHourly(this.options.clock());
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0) return 0;
    const claimed = await this.claimDue(this.options.clock(), free);
    for (const message of claimed) {
      const delivery: Promise<void> = this.deliver(message)
        .catch((error: unknown) =>
          this.options.log.error({ err: error, messageId: message.id }, 'webhook delivery failed'),
        )
        .finally(() => {
          this.inFlight.delete(delivery);
          // A freed slot takes the next due message at once.
          if (this.started) this.poke();
        });
      this.inFlight.add(delivery);
    }
    return claimed.length;
  }

  /** Keeps the log bounded: finished messages older than the retention go, with their attempts. */
  private async pruneHourly(now: Date): Promise<void> {
    if (now.getTime() - this.lastPruneAt < 3600_000) return;
    this.lastPruneAt = now.getTime();
    const before = new Date(now.getTime() - LOG_RETENTION_MS);
    await this.options.db.execute(sql`
      delete from webhook_messages
      where next_attempt_at is null and coalesce(delivered_at, failed_at) < ${before}`);
  }

  private async claimDue(now: Date, limit: number): Promise<ClaimedMessage[]> {
    const lease = new Date(now.getTime() + this.leaseSeconds * 1000);
    return queryRows<ClaimedMessage>(
      this.options.db,
      sql`
      with claimed as (
        update webhook_messages set next_attempt_at = ${lease}, attempts = attempts + 1
        where id in (
          select m.id from webhook_messages m
          join webhook_endpoints e on e.id = m.endpoint_id
          -- A suspended account's messages are held, not sent: lifting it sends them.
          join accounts a on a.id = m.account_id and a.suspended_at is null
          where m.next_attempt_at <= ${now} and e.disabled_reason is null
          order by m.next_attempt_at
          limit ${limit}
          for update of m skip locked
        )
        returning id, endpoint_id, account_id, body, attempts, retry_until, redelivery_requested
      )
      select c.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at
      from claimed c join webhook_endpoints e on e.id = c.endpoint_id`,
    );
  }

  private async deliver(message: ClaimedMessage): Promise<void> {
    const { db, clock } = this.options;
    const at = clock();
    const timestamp = Math.floor(at.getTime() / 1000);
    const id = webhookMessageId(message.id);
    const secrets = [message.secret];
    if (
      message.previous_secret &&
      message.previous_secret_expires_at &&
      new Date(message.previous_secret_expires_at) > at
    ) {
      secrets.push(message.previous_secret);
    }
    const result = await sendWebhook(
      message.url,
      {
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secrets, { id, timestamp, body: message.body }),
      },
      message.body,
      this.options.send,
    );
    const now = clock();
    let disabled: { url: string; accountId: string } | undefined;
    let outcome: WebhookAttemptOutcome = 'delivered';
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        messageId: message.id,
        at,
        succeeded: result.succeeded,
        responseStatus: result.responseStatus,
        durationMs: result.durationMs,
        error: result.error,
        isRedelivery: message.redelivery_requested,
      });
      if (result.succeeded) {
        await tx
          .update(webhookMessages)
          .set({ deliveredAt: now, nextAttemptAt: null, redeliveryRequested: false })
          .where(eq(webhookMessages.id, message.id));
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, message.endpoint_id));
        return;
      }
      const next = new Date(now.getTime() + retryDelayMs(message.attempts, this.random));
      const givenUp = next > new Date(message.retry_until);
      outcome = givenUp ? 'given_up' : 'failed_retrying';
      await tx
        .update(webhookMessages)
        .set({
          nextAttemptAt: givenUp ? null : next,
          failedAt: givenUp ? now : null,
          redeliveryRequested: false,
        })
        .where(eq(webhookMessages.id, message.id));
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at})` })
        .where(eq(webhookEndpoints.id, message.endpoint_id))
        .returning();
      if (endpoint && (await this.failedTooLong(tx, endpoint, message, givenUp, now))) {
        await tx
          .update(webhookEndpoints)
          .set({ disabledReason: 'failing', updatedAt: now })
          .where(eq(webhookEndpoints.id, endpoint.id));
        await giveUpPending(tx, endpoint.id, now);
        outcome = 'given_up';
        await this.mailAdmins(tx, endpoint.accountId, endpoint.url, result.error, now);
        disabled = { url: endpoint.url, accountId: endpoint.accountId };
      }
    });
    this.options.onAttempt?.(outcome);
    if (disabled) {
      this.options.log.warn(disabled, 'webhook endpoint disabled after 3 days of failures');
      this.options.onMailQueued();
    }
  }

  /**
   * Whether every delivery to the endpoint has failed for 3 days: its first failure since its
   * last success is that old, or a message just used up its 3 days of retries and the endpoint
   * has not succeeded once since that message's first attempt.
   */
  private async failedTooLong(
    tx: Transaction,
    endpoint: typeof webhookEndpoints.$inferSelect,
    message: ClaimedMessage,
    givenUp: boolean,
    now: Date,
  ): Promise<boolean> {
    const since = endpoint.failingSince;
    if (endpoint.disabledReason !== null || !since) return false;
    if (now.getTime() - since.getTime() >= FAILING_ENDPOINT_DISABLED_AFTER_MS) return true;
    if (!givenUp) return false;
    const [first] = await tx
      .select({ at: sql<Date | string | null>`min(${webhookAttempts.at})` })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.messageId, message.id));
    return first?.at != null && since.getTime() <= new Date(first.at).getTime();
  }

  /** One mail to each admin of the account, in their language. */
  private async mailAdmins(
    tx: Transaction,
    accountId: string,
    url: string,
    lastError: string | null,
    now: Date,
  ): Promise<void> {
    const admins = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(
        and(
          eq(users.accountId, accountId),
          eq(users.role, 'admin'),
          isNull(users.suspendedAt),
          isNull(users.pendingApprovalSince),
        ),
      );
    const portalUrl = new URL(linkedPages.integration, this.options.publicUrl).toString();
    for (const admin of admins) {
      const mail = renderWebhookDisabledMail(this.options.translations, admin.locale, {
        url,
        lastError,
        portalUrl,
      });
      await enqueueMail(tx, {
        ...mail,
        kind: 'webhook_disabled',
        to: admin.email,
        locale: admin.locale,
        expiresAt: new Date(now.getTime() + DISABLED_MAIL_TTL_MS),
        now,
      });
    }
  }
}
