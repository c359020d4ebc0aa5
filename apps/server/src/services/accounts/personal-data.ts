import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { FORMER_USER_LABEL } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  alertRecipientConfirmations,
  alertSettings,
  auditEvents,
  cartLines,
  invitations,
  mailOutbox,
  quoteMessages,
  quoteRequests,
  rateLimitHits,
  readings,
  refillRequests,
  requestMessages,
  sessions,
  users,
} from '../../db/schema';
import type { UserRow } from '../auth/active-session';
import { deviceOf } from '../auth/device';
import { DomainError } from '../domain-error';
import { recordAudit } from './audit';
import { isLastAdminWithTeam } from './team';

/**
 * Everything the portal holds about one person, as JSON: their profile, sessions, the requests
 * and quotes they asked for, the messages and readings they wrote, and the changes they made.
 * Their company's other data is the company's, not theirs.
 */
export async function exportPersonalData(db: Database, user: UserRow, now: Date) {
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(asc(sessions.createdAt));
  const requests = await db
    .select({
      id: refillRequests.id,
      number: refillRequests.number,
      createdAt: refillRequests.createdAt,
      status: refillRequests.status,
    })
    .from(refillRequests)
    .where(eq(refillRequests.createdByUserId, user.id))
    .orderBy(asc(refillRequests.createdAt));
  const quotes = await db
    .select({
      id: quoteRequests.id,
      number: quoteRequests.number,
      createdAt: quoteRequests.createdAt,
      status: quoteRequests.status,
      comment: quoteRequests.comment,
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.createdByUserId, user.id))
    .orderBy(asc(quoteRequests.createdAt));
  const requestNotes = await db
    .select({
      requestId: requestMessages.requestId,
      body: requestMessages.body,
      createdAt: requestMessages.createdAt,
    })
    .from(requestMessages)
    .where(eq(requestMessages.authorUserId, user.id))
    .orderBy(asc(requestMessages.createdAt));
  const quoteNotes = await db
    .select({
      quoteId: quoteMessages.quoteId,
      body: quoteMessages.body,
      createdAt: quoteMessages.createdAt,
    })
    .from(quoteMessages)
    .where(eq(quoteMessages.authorUserId, user.id))
    .orderBy(asc(quoteMessages.createdAt));
  const readingRows = await db
    .select({ drumId: readings.drumId, readAt: readings.readAt, remainingM: readings.remainingM })
    .from(readings)
    .where(eq(readings.createdByUserId, user.id))
    .orderBy(asc(readings.readAt));
  const changes = await db
    .select({ at: auditEvents.at, action: auditEvents.action, target: auditEvents.targetLabel })
    .from(auditEvents)
    .where(or(eq(auditEvents.actorUserId, user.id), eq(auditEvents.targetId, user.id)))
    .orderBy(asc(auditEvents.at));
  return {
    exportedAt: now.toISOString(),
    profile: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      company: user.company,
      language: user.locale,
      role: user.role,
      siteIds: user.siteIds,
      createdAt: user.createdAt.toISOString(),
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    },
    sessions: sessionRows.map((row) => ({
      ...deviceOf(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastSeenAt.toISOString(),
      endedAt: row.revokedAt?.toISOString() ?? null,
    })),
    refillRequests: requests.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    quotes: quotes.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    messages: [
      ...requestNotes.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      ...quoteNotes.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    ],
    readings: readingRows.map((row) => ({ ...row, readAt: row.readAt.toISOString() })),
    changes: changes.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}

/**
 * Deletes a user's account: their row, sessions, links and cart go, and so do the invitations
 * sent to their address, the mails addressed to them, their place in alert recipients' lists
 * and the rate-limit counts kept under their address. Their messages stay in their
 * conversations, unsigned ("former user"); the requests and quotes they made stay with their
 * company; in the audit trail every row that named them (as actor, member or invitee, or in its
 * values) names "former user" instead. The last admin of an account that has other members must
 * hand over first. docs/operations.md says what is kept and why.
 */
export async function deleteOwnAccount(db: Database, user: UserRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (await isLastAdminWithTeam(tx, user)) throw new DomainError('team.last_admin');
    await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
    await tx
      .update(requestMessages)
      .set({ authorUserId: null })
      .where(eq(requestMessages.authorUserId, user.id));
    await tx
      .update(quoteMessages)
      .set({ authorUserId: null })
      .where(eq(quoteMessages.authorUserId, user.id));
    await tx
      .update(readings)
      .set({ createdByUserId: null })
      .where(eq(readings.createdByUserId, user.id));
    // What they wrote about themselves to register (their phone) goes with them.
    await tx
      .update(auditEvents)
      .set({ after: sql`${auditEvents.after} - 'phone'` })
      .where(
        and(eq(auditEvents.actorUserId, user.id), eq(auditEvents.action, 'registration.requested')),
      );
    await tx
      .update(auditEvents)
      .set({ actorUserId: null, actorLabel: FORMER_USER_LABEL })
      .where(eq(auditEvents.actorUserId, user.id));
    await tx
      .update(auditEvents)
      .set({ targetLabel: FORMER_USER_LABEL })
      .where(and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, user.id)));
    // Invitations name the address, not the user: every row that labels it goes anonymous.
    const address = user.email.toLowerCase();
    const invited = await tx
      .delete(invitations)
      .where(eq(invitations.email, address))
      .returning({ id: invitations.id });
    await tx
      .update(auditEvents)
      .set({ targetLabel: FORMER_USER_LABEL })
      .where(
        or(
          sql`lower(${auditEvents.targetLabel}) = ${address}`,
          invited.length > 0
            ? and(
                eq(auditEvents.targetType, 'invitation'),
                inArray(
                  auditEvents.targetId,
                  invited.map((row) => row.id),
                ),
              )
            : undefined,
        ),
      );
    await tx
      .update(auditEvents)
      .set({ actorLabel: FORMER_USER_LABEL })
      .where(sql`lower(${auditEvents.actorLabel}) = ${address}`);
    // A row's values may name the address too (an alert recipients' list): as a JSON string.
    const [quoted, replacement] = [JSON.stringify(address), JSON.stringify(FORMER_USER_LABEL)];
    await tx
      .update(auditEvents)
      .set({
        before: sql`replace(${auditEvents.before}::text, ${quoted}, ${replacement})::jsonb`,
        after: sql`replace(${auditEvents.after}::text, ${quoted}, ${replacement})::jsonb`,
      })
      .where(
        or(
          sql`strpos(${auditEvents.before}::text, ${quoted}) > 0`,
          sql`strpos(${auditEvents.after}::text, ${quoted}) > 0`,
        ),
      );
    await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, address));
    await tx
      .update(alertSettings)
      .set({ recipients: sql`${alertSettings.recipients} - ${address}::text` })
      .where(sql`${alertSettings.recipients} ? ${address}`);
    await tx
      .delete(alertRecipientConfirmations)
      .where(eq(alertRecipientConfirmations.email, address));
    // Every limit counted for the person: a bucket is named `<limit>:<their address or id>`.
    await tx
      .delete(rateLimitHits)
      .where(
        sql`lower(substr(${rateLimitHits.bucket}, strpos(${rateLimitHits.bucket}, ':') + 1)) in (${address.toLowerCase()}, ${user.id})`,
      );
    // Sessions and sign-in links go with the user (foreign keys, on delete cascade).
    await tx.delete(users).where(eq(users.id, user.id));
    if (user.accountId) {
      await recordAudit(tx, {
        accountId: user.accountId,
        actor: { userId: null, label: FORMER_USER_LABEL },
        action: 'member.deleted_self',
        target: { type: 'user', id: null, label: FORMER_USER_LABEL },
        before: { role: user.role },
        at: now,
      });
    }
  });
}
