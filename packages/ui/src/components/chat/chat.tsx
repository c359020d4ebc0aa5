import type { Locale } from 'date-fns';
import { format } from 'date-fns/format';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Button } from '../button';
import hidden from '../../internal/visually-hidden.module.css';
import styles from './chat.module.css';
import { groupMessages, type ChatMessage, type ChatPerson } from './group-messages';

export interface ChatLabels {
  /** Label of the composer's text area. */
  message: string;
  send: string;
  /** Shown when there is no message yet. */
  empty: string;
  /** Shown under the composer when sending failed; the text stays there to send again. */
  notSent: string;
}

export const defaultChatLabels: ChatLabels = {
  message: 'Message',
  send: 'Send',
  empty: 'No messages yet',
  notSent: 'Your message was not sent. Press Send to try again.',
};

export interface ChatProps {
  /** Accessible name of the conversation (the message log). */
  label: string;
  /** Participants; messages refer to them by id. */
  people: ChatPerson[];
  /** Messages in any order; they are shown by date. */
  messages: ChatMessage[];
  /**
   * Called with the trimmed text. Without it there is no composer. When it returns a promise, the
   * composer empties only once it resolves: on rejection the text stays, with a try-again notice,
   * so a failed send never loses what was typed.
   */
  onSend?: (text: string) => void | Promise<unknown>;
  /** Called with the composer's text whenever it changes (to tell others someone is typing). */
  onDraftChange?: (draft: string) => void;
  /** The composer's text area, for a caller that must put the focus back in it. */
  composerRef?: Ref<HTMLTextAreaElement>;
  /** Disables the composer while a message is being sent. */
  isPending?: boolean;
  /** Disables the component. */
  isDisabled?: boolean;
  /** Longest message. */
  maxLength?: number;
  /** date-fns locale of day separators and times. */
  locale?: Locale;
  /** date-fns format of day separators (default `PP`). */
  dayFormat?: string;
  /** date-fns format of message times (default `p`). */
  timeFormat?: string;
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<ChatLabels>;
}

/**
 * A conversation: a log of messages grouped by person (within 60 s) with day separators, and a
 * composer (Enter sends, Shift+Enter starts a new line).
 */
export function Chat({
  label,
  people,
  messages,
  onSend,
  onDraftChange,
  composerRef,
  isPending = false,
  isDisabled = false,
  maxLength,
  locale,
  dayFormat = 'PP',
  timeFormat = 'p',
  labels: labelsProp,
}: ChatProps) {
  const labels = { ...defaultChatLabels, ...labelsProp };
  const [draft, setDraft] = useState('');
  const toldDraft = useRef(draft);
  useEffect(() => {
    if (draft === toldDraft.current) return;
    toldDraft.current = draft;
    onDraftChange?.(draft);
  }, [draft, onDraftChange]);
  const [hasFailed, setHasFailed] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const items = groupMessages(messages);

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  const personOf = (personId: string): ChatPerson =>
    people.find((person) => person.id === personId) ?? {
      id: personId,
      displayName: personId,
      source: 'other',
    };

  const canSend = draft.trim().length > 0 && !isPending && !isDisabled;
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const sent = draft;
    const result = onSend?.(sent.trim());
    setHasFailed(false);
    if (!(result instanceof Promise)) {
      setDraft('');
      return;
    }
    result.then(
      // Only what was sent is cleared: text typed meanwhile stays.
      () => setDraft((current) => (current === sent ? '' : current)),
      () => setHasFailed(true),
    );
  };

  return (
    <section className={styles.chat} aria-label={label}>
      <div
        ref={logRef}
        className={styles.log}
        role="log"
        aria-label={label}
        // The log scrolls; keyboard users need to reach it to scroll (axe
        // scrollable-region-focusable). It is a labelled live region, not a widget.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {items.length === 0 ? <p className={styles.empty}>{labels.empty}</p> : null}
        {items.map((item) => {
          if (item.type === 'day') {
            return (
              <div key={item.key} className={styles.day}>
                <time dateTime={format(item.date, 'yyyy-MM-dd')}>
                  {format(item.date, dayFormat, { locale })}
                </time>
              </div>
            );
          }
          const person = personOf(item.personId);
          const first = item.messages[0];
          return (
            <article
              key={item.key}
              className={styles.group}
              data-source={person.source}
              aria-labelledby={`${id}-${item.key}`}
            >
              <header id={`${id}-${item.key}`} className={styles.author}>
                <span className={styles.name}>{person.displayName}</span>{' '}
                {first ? (
                  <time className={styles.time} dateTime={first.date.toISOString()}>
                    {format(first.date, timeFormat, { locale })}
                  </time>
                ) : null}
              </header>
              {item.messages.map((message) => (
                <p key={message.id} className={styles.message}>
                  {message.text}
                </p>
              ))}
            </article>
          );
        })}
      </div>
      {onSend ? (
        <form className={styles.composer} onSubmit={send}>
          <label htmlFor={`${id}-composer`} className={hidden.visuallyHidden}>
            {labels.message}
          </label>
          <textarea
            ref={composerRef}
            id={`${id}-composer`}
            className={styles.textarea}
            rows={2}
            value={draft}
            maxLength={maxLength}
            placeholder={labels.message}
            disabled={isDisabled}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                send(event);
              }
            }}
          />
          <Button type="submit" isDisabled={!canSend && !isPending} isPending={isPending}>
            {labels.send}
          </Button>
          {hasFailed ? (
            <p role="alert" className={styles.notSent}>
              {labels.notSent}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
