import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { customerItemLink } from '@portal/contract';
import type { Database } from '../../db/client';
import { quoteRequests, users, workItems } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { renderWorkItemMail } from '../mail/templates/work-item-update';
import { localToday } from '../refill/delivery-date';
import type { NotifyDeps } from './notify';
import { PROVIDER_TIME_ZONE } from './response-due';
import { sendStaffDigests } from './digest';
import { expireOffers } from './transitions';

/** Days before its last valid day that a standing offer is recalled to the customer. */
export const EXPIRY_REMINDER_DAYS = 3;

const shiftDay = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Reminds the customer, once per offer, that an offer expires within three days: the mail goes
 * to whoever asked for the quote, in their language, behind sign-in mails. Returns how many.
 */
export async function remindExpiringOffers(
  db: Database,
  deps: NotifyDeps,
  now: Date,
): Promise<number> {
  const today = localToday(now, PROVIDER_TIME_ZONE);
  const due = await db
    .select({
      id: quoteRequests.id,
      validUntil: quoteRequests.validUntil,
      reference: workItems.reference,
      email: users.email,
      locale: users.locale,
    })
    .from(quoteRequests)
    .innerJoin(workItems, eq(workItems.id, quoteRequests.id))
    .innerJoin(users, eq(users.id, quoteRequests.createdByUserId))
    .where(
      and(
        eq(quoteRequests.status, 'offered'),
        isNull(quoteRequests.expiryRemindedAt),
        gte(quoteRequests.validUntil, today),
        lte(quoteRequests.validUntil, shiftDay(today, EXPIRY_REMINDER_DAYS)),
        isNull(users.suspendedAt),
      ),
    );
  for (const offer of due) {
    await db.transaction(async (tx) => {
      // Marked first and only where still unmarked: two sweeps at once send one reminder.
      const marked = await tx
        .update(quoteRequests)
        .set({ expiryRemindedAt: now })
        .where(and(eq(quoteRequests.id, offer.id), isNull(quoteRequests.expiryRemindedAt)))
        .returning({ id: quoteRequests.id });
      if (marked.length === 0 || !offer.validUntil) return;
      const mail = renderWorkItemMail(deps.translations, offer.locale, {
        reference: offer.reference,
        kind: 'quote',
        status: 'offered',
        audience: 'customer',
        link: new URL(customerItemLink('quote', offer.id), deps.publicUrl).toString(),
        expiresOn: offer.validUntil,
      });
      await enqueueMail(tx, {
        ...mail,
        kind: 'work_item_update',
        to: offer.email,
        locale: offer.locale,
        expiresAt: new Date(`${offer.validUntil}T23:59:59Z`),
        now,
      });
    });
  }
  return due.length;
}

/**
 * One round of the back-office's clock: offer reminders three days before, expiry after the
 * last day, and the staff's daily digests.
 */
export async function sweepOffers(db: Database, deps: NotifyDeps, now: Date) {
  return {
    reminded: await remindExpiringOffers(db, deps, now),
    expired: await expireOffers(db, deps, now),
    digests: await sendStaffDigests(db, deps, now),
  };
}
