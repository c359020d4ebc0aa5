import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { linkedPages, type Language } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { drumStatementMails, drumStatementSubscriptions, users } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { alertSettingsLink } from '../mail/templates/drum-notice';
import { renderDrumStatementMail } from '../mail/templates/drum-statement';
import type { Translations } from '../translations';
import { rentToday } from './rent-terms';

const STATEMENT_MAIL_TTL_MS = 7 * 24 * 3600 * 1000;

/** Whether the user gets the monthly statement by mail. */
export async function isSubscribedToStatement(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: drumStatementSubscriptions.userId })
    .from(drumStatementSubscriptions)
    .where(eq(drumStatementSubscriptions.userId, userId));
  return Boolean(row);
}

export async function setStatementSubscription(
  db: Database,
  args: { userId: string; isSubscribed: boolean; now: Date },
): Promise<boolean> {
  if (args.isSubscribed) {
    await db
      .insert(drumStatementSubscriptions)
      .values({ userId: args.userId, createdAt: args.now })
      .onConflictDoNothing();
  } else {
    await db
      .delete(drumStatementSubscriptions)
      .where(eq(drumStatementSubscriptions.userId, args.userId));
  }
  return args.isSubscribed;
}

/** YYYY-MM of the month before the one `today` (YYYY-MM-DD) is in. */
export function previousMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 2, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * From the 1st of each month, mails last month's statement (a link to its PDF) to every admin who
 * asked for it, once per admin and month: the row of the send is written with the mail, and its
 * key stops another run, on this instance or another, from sending it again. An admin who was
 * suspended, or left their account, gets nothing. Returns the number of mails queued.
 */
export async function sendMonthlyStatements(
  db: Database,
  deps: { settings: Settings; translations: Translations },
  now: Date,
): Promise<number> {
  const month = previousMonth(rentToday(now));
  const subscribers = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(drumStatementSubscriptions)
    .innerJoin(users, eq(users.id, drumStatementSubscriptions.userId))
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt), isNotNull(users.accountId)));
  let queued = 0;
  for (const user of subscribers) {
    const sent = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(drumStatementMails)
        .values({ userId: user.id, month, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: drumStatementMails.userId });
      if (!inserted.length) return false;
      const locale = user.locale as Language;
      const link = new URL(`/api/documents/drum-statement?month=${month}`, deps.settings.publicUrl);
      const mail = renderDrumStatementMail(deps.translations, locale, {
        month,
        link: link.toString(),
        settingsLink: alertSettingsLink(new URL(linkedPages.refill, deps.settings.publicUrl)),
      });
      await enqueueMail(tx, {
        ...mail,
        kind: 'drum_statement',
        to: user.email,
        locale,
        expiresAt: new Date(now.getTime() + STATEMENT_MAIL_TTL_MS),
        now,
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
