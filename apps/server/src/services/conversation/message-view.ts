import type { Message } from '@portal/contract';

interface MessageRow {
  id: string;
  author: 'customer' | 'service';
  body: string;
  createdAt: Date;
}

interface AuthorRow {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/**
 * A conversation message as the API shows it (refill requests and quotes alike): customer
 * service under its translated name, a customer under their name written as the portal writes
 * names everywhere (first name, LAST NAME), else their e-mail; a customer
 * who deleted their account as "former user" (their message stays, their name goes).
 */
export function messageView(
  message: MessageRow,
  author: AuthorRow,
  names: { service: string; formerUser: string },
): Message {
  return {
    id: message.id,
    author: message.author,
    authorName:
      message.author === 'service'
        ? names.service
        : [author.firstName, author.lastName?.toLocaleUpperCase()].filter(Boolean).join(' ') ||
          author.email ||
          names.formerUser,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  };
}
