import { Link } from 'react-router';
import { customerFollowUps, type RefillRequest } from '@portal/contract';
import { buttonLook } from '@portal/ui/button';
import { useTranslation } from '@/lib/i18n';
import { attachmentUrl } from '../api/upload-attachment';
import { useRefillFormat } from '../hooks/use-refill-format';
import { newRequestUrl } from '../lib/refill-url';
import { HistoryPanel } from './history-panel';
import { RequestStatusLabel } from './drum-status';
import { RequestHandling } from './request-handling';
import { RefillChat } from './refill-chat';
import styles from './refill.module.css';
import { useAbility } from '@/lib/ability';

/** The request's drums, each once, in its order. */
const drumIdsOf = (request: RefillRequest) => [
  ...new Set(request.items.map((item) => item.drumId)),
];

/** A request's conversation with customer service, and its attachments. */
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
  const f = useRefillFormat();

  return (
    <HistoryPanel
      title={t('conversation.title', { number: request.number })}
      description={
        <>
          <RequestStatusLabel status={request.status} /> {t('conversation.prompt')}
        </>
      }
      onClose={onClose}
    >
      <RequestHandling request={request} />
      {canOrder && customerFollowUps('refill_request', request.status).includes('orderAgain') ? (
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
                  <span className={styles.muted}>
                    (
                    {attachment.author === 'service'
                      ? `${t('conversation.fromService')}, ${f.fileSize(attachment.sizeBytes)}`
                      : f.fileSize(attachment.sizeBytes)}
                    )
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <RefillChat list="requests" item={request} />
      </div>
    </HistoryPanel>
  );
}
