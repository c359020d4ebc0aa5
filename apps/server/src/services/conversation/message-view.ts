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
 * service under its translated name, a customer under their name, else their e-mail.
 */
export function messageView(message: MessageRow, author: AuthorRow, serviceName: string): Message {
  return {
    id: message.id,
    author: message.author,
    authorName:
      message.author === 'service'
        ? serviceName
        : [author.firstName, author.lastName].filter(Boolean).join(' ') || author.email || '',
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  };
}
