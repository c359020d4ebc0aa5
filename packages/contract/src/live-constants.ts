// The live stream's names, without a schema: the screens read them without loading zod.

/**
 * What a live event says changed: an inbox item (its status, turn, assignee or notes), a message
 * in an item's conversation, the person's notifications, a drum (a reading, an alert), or who is
 * on an item's page. The screen reads the thing again through the API.
 */
export const liveEventKinds = ['item', 'message', 'notification', 'drum', 'presence'] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

/**
 * Sent instead of the events missed when a stream resumes from an id older than the events the
 * server still keeps: every screen reads its data again.
 */
export const LIVE_RESET_EVENT = 'reset';
