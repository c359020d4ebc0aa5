import { describe, expect, it } from 'vitest';
import type { Message } from '@portal/contract';
import { chatOf } from './conversation';

const message = (id: string, author: Message['author'], authorName: string): Message => ({
  id,
  author,
  authorName,
  body: `text ${id}`,
  createdAt: '2026-11-20T08:00:00.000Z',
});

describe('chatOf', () => {
  it('makes one person per side and name, the customer side being "me"', () => {
    const { people, chatMessages } = chatOf([
      message('1', 'customer', 'Ada Lovelace'),
      message('2', 'service', 'Customer service'),
      message('3', 'customer', 'Grace Hopper'),
      message('4', 'customer', 'Ada Lovelace'),
    ]);
    expect(people).toEqual([
      { id: 'customer:Ada Lovelace', displayName: 'Ada Lovelace', source: 'me' },
      { id: 'service:Customer service', displayName: 'Customer service', source: 'other' },
      { id: 'customer:Grace Hopper', displayName: 'Grace Hopper', source: 'me' },
    ]);
    expect(chatMessages.map((chat) => [chat.personId, chat.text])).toEqual([
      ['customer:Ada Lovelace', 'text 1'],
      ['service:Customer service', 'text 2'],
      ['customer:Grace Hopper', 'text 3'],
      ['customer:Ada Lovelace', 'text 4'],
    ]);
    expect(chatMessages[0]?.date).toEqual(new Date('2026-11-20T08:00:00.000Z'));
  });
});
