import { z } from 'zod';
import { CreateMessageRequestSchema } from './refill';
import { liveEventKinds } from './live-constants';

/**
 * One event of `GET /api/live`, the `data` of a Server-Sent Event whose `id` is `id`: the kind,
 * the changed thing's id (the item for its messages and presence, the drum, the person for their
 * notifications) and its version. Never the data itself.
 */
export const LiveEventSchema = z.object({
  id: z.string(),
  kind: z.enum(liveEventKinds),
  subjectId: z.uuid(),
  version: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** A staff member on an item's page; `isTyping` while they write a reply. */
export const PresenceEntrySchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  isTyping: z.boolean(),
});

/** The other staff members on an item's page now (the asker left out). */
export const PresenceSchema = z.object({ others: z.array(PresenceEntrySchema) });
export type Presence = z.infer<typeof PresenceSchema>;

/** The asker is on the page, typing or not; said again while the page stays open. */
export const PresenceRequestSchema = z.object({ isTyping: z.boolean() });
export type PresenceRequest = z.infer<typeof PresenceRequestSchema>;

/**
 * Customer service's reply, with how many messages the conversation held when the agent read it
 * (its version: messages are only ever added): if another arrived since, the reply is refused
 * with `workflow.newer_message` and the agent reads it first. Without `seenMessages` the reply is
 * sent unchecked.
 */
export const StaffReplyRequestSchema = CreateMessageRequestSchema.extend({
  seenMessages: z.number().int().min(0).max(1_000_000).optional(),
});
export type StaffReplyRequest = z.infer<typeof StaffReplyRequestSchema>;
