import { z } from 'zod';
import type { LiveEvent } from '@portal/contract';

/** A live event as the database announces it: what changed, and who may hear of it. */
export const AnnouncedLiveEventSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  kind: z.enum(['item', 'message', 'notification', 'drum', 'presence']),
  subjectId: z.uuid(),
  version: z.string(),
  audience: z.enum(['item', 'staff', 'account', 'user']),
  accountId: z.uuid().nullable(),
  siteId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
});
export type AnnouncedLiveEvent = z.infer<typeof AnnouncedLiveEventSchema>;

/** Who a stream belongs to, as far as hearing events goes. */
export interface Listener {
  userId: string;
  /** Staff who may read the inbox: they hear every item, its messages, notes and presence. */
  readsInbox: boolean;
  /** A customer's account; null for staff. */
  accountId: string | null;
  /** The sites a customer is limited to; null for all of the account's. */
  siteIds: readonly string[] | null;
}

/**
 * Whether `listener` may hear of `event`: the rules that guard reading. Staff who read the inbox
 * hear every item and its conversation, notes and presence; a customer hears their account's
 * items and drums, and a site-limited one only those of their sites (an item of no site, a
 * quote, is the whole account's); a notification is heard by its recipient only.
 */
export function hears(listener: Listener, event: AnnouncedLiveEvent): boolean {
  switch (event.audience) {
    case 'user':
      return event.userId === listener.userId;
    case 'staff':
      return listener.readsInbox;
    case 'item':
    case 'account':
      if (listener.readsInbox) return event.audience === 'item';
      return (
        listener.accountId !== null &&
        event.accountId === listener.accountId &&
        (listener.siteIds === null ||
          event.siteId === null ||
          listener.siteIds.includes(event.siteId))
      );
  }
}

/** What a stream says of an event: never the audience, the account or the site. */
export const publicPart = ({ id, kind, subjectId, version }: AnnouncedLiveEvent): LiveEvent => ({
  id,
  kind,
  subjectId,
  version,
});

/** Reads an announcement; undefined for one that cannot be read. */
export function parseAnnouncedEvent(payload: string): AnnouncedLiveEvent | undefined {
  try {
    const parsed = AnnouncedLiveEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
