import { and, asc, eq } from 'drizzle-orm';
import type { Language, Message } from '@portal/contract';
import type { Database } from '../../db/client';
import { requestMessages, users } from '../../db/schema';
import { translate, type Translations } from '../../routes/locales/translations';
import { messageView } from '../conversation/message-view';
import { consumeRateLimits, type RateLimit } from '../rate-limit';

/**
 * A request's conversation, oldest first, `limit` messages from `offset` (or the one `onlyId`);
 * customer service's name in the reader's language.
 */
export async function listMessages(
  db: Database,
  translations: Translations,
  requestId: string,
  {
    locale,
    onlyId,
    limit = 1,
    offset = 0,
  }: { locale: Language; onlyId?: string; limit?: number; offset?: number },
): Promise<Message[]> {
  const rows = await db
    .select({
      message: requestMessages,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(requestMessages)
    .leftJoin(users, eq(users.id, requestMessages.authorUserId))
    .where(
      and(
        eq(requestMessages.requestId, requestId),
        onlyId ? eq(requestMessages.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(requestMessages.createdAt), asc(requestMessages.id))
    .limit(limit)
    .offset(offset);
  const serviceName = translate(translations, 'mail', locale, 'service.name');
  return rows.map(({ message, ...author }) => messageView(message, author, serviceName));
}

/** Adds a customer message, within the conversation's rate limit (429 past it). */
export async function postMessage(
  db: Database,
  args: { requestId: string; userId: string; body: string; now: Date; limit: RateLimit },
) {
  return db.transaction(async (tx) => {
    await consumeRateLimits(tx as unknown as Database, [args.limit], args.now);
    return insertMessage(tx as unknown as Database, args);
  });
}

async function insertMessage(
  db: Database,
  args: { requestId: string; userId: string; body: string; now: Date },
) {
  const [row] = await db
    .insert(requestMessages)
    .values({
      requestId: args.requestId,
      author: 'customer',
      authorUserId: args.userId,
      body: args.body,
      createdAt: args.now,
    })
    .returning({ id: requestMessages.id });
  return row!.id;
}
