import type { Language } from '@portal/contract';
import type { Transaction } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { RenderedMail } from './templates/layout';

/**
 * Every kind of mail and its priority (lower is sent first): a sign-in mail is what a person is
 * waiting for at their screen, so it alone comes first and never queues behind mail an account
 * can cause in bulk (invitations, alerts, notifications), however many it has queued.
 */
export const mailPriorities = {
  sign_in_link: 0,
  invitation: 1,
  alert_recipient_confirmation: 1,
  drum_alert: 1,
  sensor_silent: 1,
  refill_proposal: 1,
  webhook_disabled: 1,
  api_key_expiring: 1,
  drum_rent_notice: 1,
  drum_statement: 1,
  registration_decision: 1,
  member_awaiting_approval: 1,
  staff_added: 1,
  work_item_update: 2,
} as const;

export type MailKind = keyof typeof mailPriorities;

/**
 * The only mails the users of a suspended account still get: the sign-in link, whose page tells
 * them the account is suspended. Every other mail to them is given up, and says why.
 */
export const mailKindsWhileSuspended: readonly MailKind[] = ['sign_in_link'];

export interface MailToQueue extends RenderedMail {
  kind: MailKind;
  to: string;
  locale: Language;
  link?: string;
  /** Past this moment the mail is given up instead of sent (e.g. its link expired). */
  expiresAt: Date;
  now: Date;
}

/** Queues a mail in the caller's transaction: it exists if and only if the change commits. */
export async function enqueueMail(tx: Transaction, mail: MailToQueue): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      priority: mailPriorities[mail.kind],
      toAddress: mail.to,
      locale: mail.locale,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      link: mail.link ?? null,
      expiresAt: mail.expiresAt,
      nextAttemptAt: mail.now,
      createdAt: mail.now,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned nothing');
  return row.id;
}
