import { and, asc, count, eq } from 'drizzle-orm';
import type { Language, Message, WorkItemKind } from '@portal/contract';
import type { Database } from '../../db/client';
import { insertedRow } from '../../db/client';
import { collectionMessages, quoteMessages, requestMessages, users } from '../../db/schema';
import { consumeRateLimits, type RateLimit } from '../rate-limit';
import { translate, type Translations } from '../translations';
import { recordCustomerMessage } from '../workflow/work-items';
import { messageView } from './message-view';

/**
 * The items that own a conversation, each with its messages table: one row per message, the
 * owner's id, the author (`customer`, or `service` for the provider's staff), the customer's
 * user id, the body and the time. An item that gets a conversation adds its table here.
 */
const owners = {
  request: { table: requestMessages, ownerId: requestMessages.requestId },
  quote: { table: quoteMessages, ownerId: quoteMessages.quoteId },
  collection: { table: collectionMessages, ownerId: collectionMessages.collectionId },
} as const;

export type ConversationOwner = keyof typeof owners;

/** The conversation of each kind of inbox item. */
export const conversationOwnerOf: Record<WorkItemKind, ConversationOwner> = {
  refill_request: 'request',
  quote: 'quote',
  collection: 'collection',
};

/**
 * An item's conversation, oldest first, `limit` messages from `offset` (or only the one `onlyId`);
 * customer service named in the reader's language.
 */
export async function listMessages(
  db: Database,
  translations: Translations,
  owner: { kind: ConversationOwner; id: string },
  locale: Language,
  { onlyId, limit = 1, offset = 0 }: { onlyId?: string; limit?: number; offset?: number } = {},
): Promise<Message[]> {
  const { table, ownerId } = owners[owner.kind];
  const rows = await db
    .select({
      id: table.id,
      author: table.author,
      body: table.body,
      createdAt: table.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.authorUserId))
    .where(and(eq(ownerId, owner.id), onlyId ? eq(table.id, onlyId) : undefined))
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(limit)
    .offset(offset);
  const names = {
    service: translate(translations, 'mail', locale, 'service.name'),
    formerUser: translate(translations, 'mail', locale, 'service.formerUser'),
  };
  return rows.map(({ firstName, lastName, email, ...message }) =>
    messageView(message, { firstName, lastName, email }, names),
  );
}

/**
 * Adds a message to an item's conversation: a customer's (with their user id) or customer
 * service's (no user). Returns its id. With a rate limit, the message is refused once the
 * conversation has taken its share.
 */
export async function postMessage(
  db: Database,
  owner: { kind: ConversationOwner; id: string },
  message: { author: 'customer'; userId: string } | { author: 'service' },
  body: string,
  now: Date,
  limit?: RateLimit,
): Promise<string> {
  if (limit) {
    return db.transaction(async (tx) => {
      await consumeRateLimits(tx, [limit], now);
      return postMessage(tx, owner, message, body, now);
    });
  }
  const common = {
    author: message.author,
    authorUserId: message.author === 'customer' ? message.userId : null,
    body,
    createdAt: now,
  };
  const rows =
    owner.kind === 'request'
      ? await db
          .insert(requestMessages)
          .values({ ...common, requestId: owner.id })
          .returning({ id: requestMessages.id })
      : owner.kind === 'quote'
        ? await db
            .insert(quoteMessages)
            .values({ ...common, quoteId: owner.id })
            .returning({ id: quoteMessages.id })
        : await db
            .insert(collectionMessages)
            .values({ ...common, collectionId: owner.id })
            .returning({ id: collectionMessages.id });
  if (message.author === 'customer') await recordCustomerMessage(db, owner.id, now);
  return insertedRow(rows).id;
}

/** How many messages the conversation holds: its version, as messages are only ever added. */
export async function countMessages(
  db: Database,
  owner: { kind: ConversationOwner; id: string },
): Promise<number> {
  const { table, ownerId } = owners[owner.kind];
  const [row] = await db.select({ count: count() }).from(table).where(eq(ownerId, owner.id));
  return row?.count ?? 0;
}
