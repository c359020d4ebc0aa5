import { useMemo } from 'react';
import type { Message } from '@portal/contract';
import type { ChatMessage, ChatPerson } from '@portal/ui/chat';

/**
 * A conversation's messages as the kit's chat shows them. One person per side and name: the
 * reader's side is always "me" (the customer, whoever of the account wrote; customer service for
 * the provider's staff); the API already names customer service in the reader's language.
 */
export function chatOf(
  messages: readonly Message[],
  reader: 'customer' | 'service' = 'customer',
): {
  people: ChatPerson[];
  chatMessages: ChatMessage[];
} {
  const personOf = (message: Message) => `${message.author}:${message.authorName}`;
  const people = new Map<string, ChatPerson>();
  for (const message of messages) {
    people.set(personOf(message), {
      id: personOf(message),
      displayName: message.authorName,
      source: message.author === reader ? 'me' : 'other',
    });
  }
  return {
    people: [...people.values()],
    chatMessages: messages.map((message) => ({
      id: message.id,
      personId: personOf(message),
      date: new Date(message.createdAt),
      text: message.body,
    })),
  };
}

/** `chatOf`, computed again only when the messages change. */
export function useChatOf(
  messages: readonly Message[] | undefined,
  reader: 'customer' | 'service' = 'customer',
) {
  return useMemo(() => chatOf(messages ?? [], reader), [messages, reader]);
}
