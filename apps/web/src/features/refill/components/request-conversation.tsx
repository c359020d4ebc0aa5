import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefillRequest } from '@portal/contract';
import { Chat } from '@portal/ui/chat';
import { Button, buttonLook } from '@portal/ui/button';
import { Link } from 'react-router';
import { useMessages } from '../api/get-messages';
import { useSendMessage } from '../api/send-message';
import { attachmentUrl } from '../api/upload-attachment';
import { useDateLocale } from '../hooks/use-date-locale';
import { useRefillFormat } from '../hooks/use-refill-format';
import { useChatOf } from '@/lib/conversation';
import { showErrorToasts } from '@/lib/error-toasts';
import { newRequestUrl } from '../lib/refill-url';
import { RequestHandling } from './request-handling';
import { ErrorState, LoadingState } from './states';
import styles from './refill.module.css';
import { useAbility } from '@/lib/ability';

const MESSAGE_MAX_LENGTH = 2000;

/** The request's drums, each once, in its order. */
const drumIdsOf = (request: RefillRequest) => [
  ...new Set(request.items.map((item) => item.drumId)),
];

/**
 * A request's conversation with customer service, and its attachments. Shown in place of the
 * history table rather than in a dialog over it: the kit's table and dialog together locked the
 * browser in a render loop (reported), and a panel reads as well at 320 px.
 */
export function RequestConversation({
  request,
  onClose,
}: {
  request: RefillRequest;
  onClose: () => void;
}) {
  // Writing to customer service needs `order refill`; a viewer reads the conversation.
  const canOrder = useAbility().can('order', 'refill');
  const { t } = useTranslation(['refill', 'errors']);
  const dateLocale = useDateLocale();
  const f = useRefillFormat();
  const query = useMessages(request.id);
  const send = useSendMessage(request.id);
  const messages = query.data?.messages;
  const { people, chatMessages } = useChatOf(messages);

  const heading = useRef<HTMLHeadingElement>(null);
  // The panel replaces the list: move focus to its heading so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="conversation-title" className={styles.stack}>
      <div>
        <Button variant="text" onPress={onClose}>
          {t('conversation.back')}
        </Button>
      </div>
      <h2 id="conversation-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {t('conversation.title', { number: request.number })}
      </h2>
      <p className={styles.muted}>
        {t('conversation.description', { status: t(`requestStatus.${request.status}`) })}
      </p>
      <RequestHandling request={request} />
      {request.status === 'delivered' && canOrder ? (
        <div>
          <Link {...buttonLook({ variant: 'outlined' })} to={newRequestUrl(drumIdsOf(request))}>
            {t('conversation.orderAgain')}
          </Link>
        </div>
      ) : null}
      <div className={styles.stack}>
        {request.attachments.length > 0 ? (
          <section aria-labelledby="attachments-title">
            <h3 id="attachments-title" className={styles.sectionTitle}>
              {t('conversation.attachments')}
            </h3>
            <ul className={styles.plainList}>
              {request.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <a href={attachmentUrl(request.id, attachment.id)} download={attachment.fileName}>
                    {attachment.fileName}
                  </a>{' '}
                  <span className={styles.muted}>({f.fileSize(attachment.sizeBytes)})</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Chat
            label={t('conversation.log', { number: request.number })}
            people={people}
            messages={chatMessages}
            // The composer keeps the text until the message is stored: a failure loses nothing.
            // Writing needs `order refill`; a viewer reads the conversation.
            onSend={
              canOrder
                ? (text) =>
                    send.mutateAsync(text).catch((error: unknown) => {
                      showErrorToasts(error, t);
                      throw error;
                    })
                : undefined
            }
            isPending={send.isPending}
            maxLength={MESSAGE_MAX_LENGTH}
            locale={dateLocale}
            labels={{
              message: t('conversation.message'),
              send: t('conversation.send'),
              empty: t('conversation.empty'),
              notSent: t('conversation.notSent'),
            }}
          />
        )}
      </div>
    </section>
  );
}
