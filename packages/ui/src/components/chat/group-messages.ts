/** A participant of a conversation. */
export interface ChatPerson {
  id: string;
  displayName: string;
  /** `me` is the signed-in user (shown on the end side), `other` everyone else. */
  source: 'me' | 'other';
}

export interface ChatMessage {
  id: string;
  personId: string;
  date: Date;
  text: string;
}

/** Messages of one person less than 60 s apart form one group. */
export const CHAT_GROUP_WINDOW_MS = 60_000;

export type ChatItem =
  | { type: 'day'; key: string; date: Date }
  | { type: 'group'; key: string; personId: string; messages: ChatMessage[] };

function isSameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/**
 * Messages in date order, cut into day separators and groups: a new group starts when the
 * person changes, when more than 60 s pass since their previous message, or on a new day.
 */
export function groupMessages(messages: ChatMessage[]): ChatItem[] {
  const sorted = [...messages].sort((a, b) => a.date.getTime() - b.date.getTime());
  const items: ChatItem[] = [];
  let previous: ChatMessage | undefined;
  let group: Extract<ChatItem, { type: 'group' }> | undefined;
  for (const message of sorted) {
    if (!previous || !isSameDay(previous.date, message.date)) {
      items.push({ type: 'day', key: `day-${message.id}`, date: message.date });
      group = undefined;
    }
    const isSameGroup =
      group !== undefined &&
      previous !== undefined &&
      previous.personId === message.personId &&
      message.date.getTime() - previous.date.getTime() <= CHAT_GROUP_WINDOW_MS;
    if (isSameGroup && group) {
      group.messages.push(message);
    } else {
      group = {
        type: 'group',
        key: `group-${message.id}`,
        personId: message.personId,
        messages: [message],
      };
      items.push(group);
    }
    previous = message;
  }
  return items;
}
