import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fr } from 'date-fns/locale/fr';
import { describe, expect, it, vi } from 'vitest';
import { Chat } from './chat';
import { groupMessages, type ChatMessage, type ChatPerson } from './group-messages';

const people: ChatPerson[] = [
  { id: 'me', displayName: 'Jane', source: 'me' },
  { id: 'cs', displayName: 'Support', source: 'other' },
];

const at = (day: number, hours: number, minutes: number, seconds = 0) =>
  new Date(2026, 10, day, hours, minutes, seconds);

const messages: ChatMessage[] = [
  { id: '1', personId: 'me', date: at(12, 9, 0, 0), text: 'First' },
  { id: '2', personId: 'me', date: at(12, 9, 1, 0), text: 'Within 60 s' },
  { id: '3', personId: 'me', date: at(12, 9, 2, 1), text: 'After 61 s' },
  { id: '4', personId: 'cs', date: at(12, 9, 2, 10), text: 'Reply' },
  { id: '5', personId: 'cs', date: at(13, 0, 0, 5), text: 'Next day' },
];

describe('groupMessages', () => {
  it('groups one person within 60 s and separates days', () => {
    const items = groupMessages([...messages].reverse());
    expect(
      items.map((item) =>
        item.type === 'day'
          ? `day ${item.date.getDate()}`
          : item.messages.map((m) => m.id).join('+'),
      ),
    ).toEqual(['day 12', '1+2', '3', '4', 'day 13', '5']);
  });

  it('starts a new group on a new day even within 60 s', () => {
    const items = groupMessages([
      { id: 'a', personId: 'me', date: at(12, 23, 59, 30), text: 'a' },
      { id: 'b', personId: 'me', date: at(13, 0, 0, 10), text: 'b' },
    ]);
    expect(items.map((item) => item.type)).toEqual(['day', 'group', 'day', 'group']);
  });
});

describe('Chat', () => {
  it('shows a log of groups with authors, times and day separators', () => {
    render(<Chat label="Conversation" people={people} messages={messages} />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    const groups = within(log).getAllByRole('article');
    expect(groups).toHaveLength(4);
    expect(groups[0]).toHaveAccessibleName('Jane 9:00 AM');
    expect(groups[0]).toHaveAttribute('data-source', 'me');
    expect(groups[3]).toHaveAttribute('data-source', 'other');
    expect(within(groups[0] as HTMLElement).getAllByRole('paragraph')).toHaveLength(2);
    expect(within(log).getByText('Nov 12, 2026')).toBeInTheDocument();
    expect(within(log).getByText('Nov 13, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('formats days and times with its locale', () => {
    render(<Chat label="Conversation" people={people} messages={messages} locale={fr} />);
    expect(screen.getByText('12 nov. 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Jane 09:00');
  });

  it('says when there is no message', () => {
    render(
      <Chat
        label="Conversation"
        people={people}
        messages={[]}
        labels={{ empty: 'Aucun message' }}
      />,
    );
    expect(screen.getByText('Aucun message')).toBeInTheDocument();
  });

  it('sends a trimmed message with the button or Enter and empties the composer', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Chat label="Conversation" people={people} messages={[]} onSend={onSend} />);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(composer, '  Hello  ');
    await user.click(send);
    expect(onSend).toHaveBeenLastCalledWith('Hello');
    expect(composer).toHaveValue('');
    await user.type(composer, 'Line 1{Shift>}{Enter}{/Shift}Line 2');
    expect(onSend).toHaveBeenCalledTimes(1);
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenLastCalledWith('Line 1\nLine 2');
  });

  it('tells each change of the draft, the emptying after a send included', async () => {
    const user = userEvent.setup();
    const onDraftChange = vi.fn();
    render(
      <Chat
        label="Conversation"
        people={people}
        messages={[]}
        onSend={() => undefined}
        onDraftChange={onDraftChange}
      />,
    );
    expect(onDraftChange).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    expect(onDraftChange.mock.calls).toEqual([['H'], ['Hi']]);
    await user.keyboard('{Enter}');
    expect(onDraftChange).toHaveBeenLastCalledWith('');
  });

  it('keeps the text with a try-again notice when sending fails, and empties it on success', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({});
    render(<Chat label="Conversation" people={people} messages={[]} onSend={onSend} />);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await user.type(composer, 'Before 10, please.{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message was not sent. Press Send to try again.',
    );
    expect(composer).toHaveValue('Before 10, please.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(composer).toHaveValue(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not send while pending or disabled', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    const { rerender } = render(
      <Chat label="Conversation" people={people} messages={[]} onSend={onSend} isPending />,
    );
    await user.type(screen.getByRole('textbox'), 'Hi{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-busy', 'true');
    rerender(
      <Chat label="Conversation" people={people} messages={[]} onSend={onSend} isDisabled />,
    );
    expect(screen.getByRole('textbox')).toBeDisabled();
  });

  it('limits the message length', () => {
    render(
      <Chat
        label="Conversation"
        people={people}
        messages={[]}
        onSend={() => undefined}
        maxLength={500}
      />,
    );
    expect(screen.getByRole('textbox')).toHaveAttribute('maxlength', '500');
  });
});
