import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  customerItemLink,
  linkedPages,
  pageLink,
  type Language,
  type PriceFigures,
  type WorkItemKind,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Transaction } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { renderWorkItemMail } from '../mail/templates/work-item-update';
import type { Translations } from '../translations';

export interface NotifyDeps {
  translations: Translations;
  publicUrl: string;
  /** The tax rate on prices, for the figures an offer's mail states. */
  taxRateBasisPoints: number;
}

/** What telling the other side needs, from the server's settings. */
export function notifyDepsOf(
  settings: Pick<Settings, 'publicUrl' | 'taxRateBasisPoints'>,
  translations: Translations,
): NotifyDeps {
  return {
    translations,
    publicUrl: settings.publicUrl.toString(),
    taxRateBasisPoints: settings.taxRateBasisPoints,
  };
}

/** A notification mail is worth sending for three days; past that the item page says more. */
const NOTIFICATION_MAIL_LIFETIME_MS = 3 * 24 * 3600 * 1000;

/**
 * Tells the other side that an item changed: the customer who made it when staff or the system
 * acted, else the staff member handling it (every staff member while nobody does). One mail per
 * recipient in their language, through the outbox behind sign-in mails, and one entry in their
 * in-app notification list.
 */
export async function notifyOtherSide(
  tx: Transaction,
  deps: NotifyDeps,
  change: {
    itemId: string;
    kind: WorkItemKind;
    reference: string;
    status: string;
    action: string;
    actorSide: 'customer' | 'staff' | 'system';
    createdByUserId: string | null;
    assigneeUserId: string | null;
    now: Date;
    /** An offer made on a quote: the customer's mail states its figures and validity. */
    offer?: { figures: PriceFigures; validUntil: string };
  },
): Promise<void> {
  const toCustomer = change.actorSide !== 'customer';
  const recipients = toCustomer
    ? change.createdByUserId
      ? await tx
          .select({
            id: users.id,
            email: users.email,
            locale: users.locale,
            digest: users.notificationDigest,
          })
          .from(users)
          .where(and(eq(users.id, change.createdByUserId), isNull(users.suspendedAt)))
      : []
    : await tx
        .select({
          id: users.id,
          email: users.email,
          locale: users.locale,
          digest: users.notificationDigest,
        })
        .from(users)
        .where(
          and(
            change.assigneeUserId
              ? eq(users.id, change.assigneeUserId)
              : inArray(users.role, ['agent', 'manager']),
            isNull(users.suspendedAt),
          ),
        );
  if (recipients.length === 0) return;
  await tx.insert(notifications).values(
    recipients.map((recipient) => ({
      userId: recipient.id,
      itemId: change.itemId,
      action: change.action,
      createdAt: change.now,
    })),
  );
  // Each side's link opens the item itself: the customer's conversation, the staff's item page.
  const page = toCustomer
    ? customerItemLink(change.kind, change.itemId)
    : pageLink(linkedPages.backofficeItem, change.itemId);
  const link = new URL(page, deps.publicUrl).toString();
  for (const recipient of recipients) {
    // Staff who chose the daily digest get this change in it (digest.ts), not a mail of its own.
    if (!toCustomer && recipient.digest) continue;
    const locale: Language = recipient.locale;
    const mail = renderWorkItemMail(deps.translations, locale, {
      reference: change.reference,
      kind: change.kind,
      status: change.status,
      audience: toCustomer ? 'customer' : 'staff',
      link,
      offer: toCustomer ? change.offer : undefined,
    });
    await enqueueMail(tx, {
      ...mail,
      kind: 'work_item_update',
      to: recipient.email,
      locale,
      expiresAt: new Date(change.now.getTime() + NOTIFICATION_MAIL_LIFETIME_MS),
      now: change.now,
    });
  }
}
