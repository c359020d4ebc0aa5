import { sql } from 'drizzle-orm';
import type { Language } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { LONGEST_RATE_LIMIT_WINDOW_SECONDS, pruneRateLimitHits } from '../services/rate-limit';
import type { Clock } from '../services/clock';
import { mailKindsWhileSuspended } from '../services/mail/outbox';
import { MailDeliveryError, type MailTransport } from './transports';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  clock: Clock;
  /** How often to look for due mails when nobody pokes the worker. */
  pollIntervalMs?: number;
  /** How long a claimed mail is reserved for one attempt before another worker may take it. */
  leaseSeconds?: number;
  /** Sent and given-up mails are deleted this long after (they hold sign-in links). */
  retentionSeconds?: number;
  /** First retry delay; doubles each attempt, capped at maxBackoffSeconds. */
  baseBackoffSeconds?: number;
  maxBackoffSeconds?: number;
  /**
   * Keep a finished mail's body and link: only when the outbox row is itself the delivery (the dev
   * mailbox, outside prd without SMTP). Everywhere else a mail that was sent or given up keeps
   * neither, so the table never holds a usable sign-in link for longer than its delivery.
   */
  keepFinishedBodies?: boolean;
  /**
   * Closes each mail with the provider's identity in the mail's language, as it is sent: the
   * outbox holds what a change queued, the settings of the sending server say who signs it.
   */
  sign?: (mail: { html: string; text: string; locale: Language }) => {
    html: string;
    text: string;
  };
}

interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** The outbox's locale column: the language the mail was written in. */
  locale: Language;
  link: string | null;
  attempts: number;
  expires_at: Date | string;
}

/**
 * Sends the outbox. Each round claims due mails, by priority then age (a sign-in mail passes a
 * backlog of notifications), with a lease (FOR UPDATE SKIP LOCKED, so several
 * instances share the work without sending one mail twice), then records the outcome. A crash
 * between sending and recording only means the lease runs out and the mail is sent again: at
 * least once, never lost.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;
  private rerun = false;
  private readonly pollIntervalMs: number;
  private readonly leaseSeconds: number;
  private readonly baseBackoffSeconds: number;
  private readonly maxBackoffSeconds: number;
  private readonly retentionSeconds: number;
  private lastPruneAt = -Infinity;
  /** The SQL `set` clause that empties a finished mail (nothing when bodies are kept). */
  private readonly clearBody: ReturnType<typeof sql>;

  constructor(private readonly options: MailWorkerOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.baseBackoffSeconds = options.baseBackoffSeconds ?? 5;
    this.maxBackoffSeconds = options.maxBackoffSeconds ?? 120;
    this.retentionSeconds = options.retentionSeconds ?? 7 * 24 * 3600;
    this.clearBody = options.keepFinishedBodies ? sql`` : sql`, html = '', text = '', link = null`;
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Look now (a mail was just queued) instead of at the next poll. */
  poke(): void {
    if (!this.started) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
    this.options.transport.close();
  }

  /** One round: send every due mail. Exposed for tests. */
  async runOnce(): Promise<number> {
    const now = this.options.clock();
    await this.giveUpExpired(now);
    await this.giveUpToSuspendedAccounts(now);
    const claimed = await this.claimDue(now);
    for (const mail of claimed) await this.deliver(mail);
    await this.pruneHourly(now);
    return claimed.length;
  }

  /**
   * Keeps the tables bounded, once an hour per instance: rate-limit hits older than the longest
   * window, mails sent or given up more than `retentionSeconds` ago, sign-in links and sessions
   * that ended more than a day ago (they can never be used again), and the machines'
   * Idempotency-Keys older than a day.
   */
  private async pruneHourly(now: Date): Promise<void> {
    if (now.getTime() - this.lastPruneAt < 3600_000) return;
    this.lastPruneAt = now.getTime();
    const { db } = this.options;
    await pruneRateLimitHits(
      db,
      new Date(now.getTime() - LONGEST_RATE_LIMIT_WINDOW_SECONDS * 1000),
    );
    const before = new Date(now.getTime() - this.retentionSeconds * 1000);
    await db.execute(sql`delete from mail_outbox where coalesce(sent_at, failed_at) < ${before}`);
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    await db.execute(sql`delete from sign_in_links where expires_at < ${dayAgo}`);
    await db.execute(
      sql`delete from sessions where expires_at < ${dayAgo} or revoked_at < ${dayAgo}`,
    );
    // A machine's Idempotency-Key is remembered a day.
    await db.execute(sql`delete from api_idempotency where created_at < ${dayAgo}`);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.options.log.error({ err: error }, 'mail worker round failed'),
        )
        .finally(() => {
          this.running = undefined;
          if (!this.started) return;
          const again = this.rerun;
          this.rerun = false;
          this.schedule(again ? 0 : this.pollIntervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async giveUpExpired(now: Date): Promise<void> {
    await this.options.db.execute(sql`
      update mail_outbox set failed_at = ${now}, last_error = 'expired before it could be sent'${this.clearBody}
      where sent_at is null and failed_at is null and expires_at <= ${now}`);
  }

  private async giveUpToSuspendedAccounts(now: Date): Promise<void> {
    const kept = sql.join(
      mailKindsWhileSuspended.map((kind) => sql`${kind}`),
      sql`, `,
    );
    await this.options.db.execute(sql`
      update mail_outbox set failed_at = ${now}, last_error = 'recipient account suspended'${this.clearBody}
      where sent_at is null and failed_at is null and kind not in (${kept})
        and to_address in (
          select u.email from users u join accounts a on a.id = u.account_id
          where a.suspended_at is not null)`);
  }

  private async claimDue(now: Date): Promise<ClaimedMail[]> {
    const lease = new Date(now.getTime() + this.leaseSeconds * 1000);
    // UPDATE … RETURNING gives rows in no particular order: they are sent in claim order.
    return queryRows<ClaimedMail>(
      this.options.db,
      sql`
      with claimed as (
        update mail_outbox set next_attempt_at = ${lease}, attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where sent_at is null and failed_at is null and next_attempt_at <= ${now} and expires_at > ${now}
          order by priority, created_at
          limit 20
          for update skip locked
        )
        returning id, to_address, subject, html, text, locale, link, attempts, expires_at, priority, created_at
      )
      select id, to_address, subject, html, text, locale, link, attempts, expires_at from claimed
      order by priority, created_at`,
    );
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { db, transport, from, log, clock, sign } = this.options;
    try {
      const { html, text } = sign ? sign(mail) : mail;
      const { messageId } = await transport.send({
        id: mail.id,
        from,
        to: mail.to_address,
        subject: mail.subject,
        html,
        text,
        link: mail.link,
      });
      // A kept body (the dev mailbox) is the mail as it was sent, signed.
      const body = this.options.keepFinishedBodies ? sql`, html = ${html}, text = ${text}` : sql``;
      await db.execute(sql`
        update mail_outbox set sent_at = ${clock()}, message_id = ${messageId}, last_error = null${this.clearBody}${body}
        where id = ${mail.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof MailDeliveryError && error.permanent;
      const now = clock();
      const backoff = Math.min(
        this.maxBackoffSeconds,
        this.baseBackoffSeconds * 2 ** (mail.attempts - 1),
      );
      const next = new Date(now.getTime() + backoff * 1000);
      const expired = next >= new Date(mail.expires_at);
      if (permanent || expired) {
        log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail given up');
        await db.execute(sql`
          update mail_outbox set failed_at = ${now}, last_error = ${message}${this.clearBody}
          where id = ${mail.id}`);
      } else {
        log.warn(
          { mailId: mail.id, attempts: mail.attempts, retryAt: next, err: message },
          'mail will be retried',
        );
        await db.execute(sql`
          update mail_outbox set next_attempt_at = ${next}, last_error = ${message} where id = ${mail.id}`);
      }
    }
  }
}
