import type { Meta, StoryObj } from '@storybook/react';
import { fr } from 'date-fns/locale/fr';
import { Chat } from './chat';
import type { ChatMessage, ChatPerson } from './group-messages';

const people: ChatPerson[] = [
  { id: 'me', displayName: 'Jane Martin', source: 'me' },
  { id: 'cs', displayName: 'Customer service', source: 'other' },
];

const messages: ChatMessage[] = [
  {
    id: '1',
    personId: 'me',
    date: new Date(2026, 10, 12, 9, 0, 0),
    text: 'Hello, is drum DR-0042 on its way?',
  },
  {
    id: '2',
    personId: 'me',
    date: new Date(2026, 10, 12, 9, 0, 40),
    text: 'We run out on Friday.',
  },
  {
    id: '3',
    personId: 'cs',
    date: new Date(2026, 10, 12, 9, 15),
    text: 'It leaves the depot tomorrow.',
  },
  { id: '4', personId: 'cs', date: new Date(2026, 10, 13, 8, 5), text: 'Delivered this morning.' },
];

const meta = {
  title: 'Data/Chat',
  component: Chat,
  args: { label: 'Conversation about request R-12', people, messages, onSend: () => undefined },
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Conversation: Story = {};
export const Empty: Story = { args: { messages: [] } };
export const French: Story = {
  args: { locale: fr, labels: { message: 'Message', send: 'Envoyer', empty: 'Aucun message' } },
};
export const Sending: Story = { args: { isPending: true } };
export const ReadOnly: Story = { args: { onSend: undefined } };
