import type { Collection } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useRefillFormat } from '../hooks/use-refill-format';
import { HistoryPanel } from './history-panel';
import { CollectionStatusLabel } from './drum-status';
import { CollectionHandling } from './request-handling';
import { RefillChat } from './refill-chat';
import styles from './refill.module.css';

/**
 * A drum collection as the customer follows it: what they asked, where it stands (whose turn,
 * who handles it, the pickup date, its timeline) and the conversation with customer service.
 */
export function CollectionConversation({
  collection,
  onClose,
}: {
  collection: Collection;
  onClose: () => void;
}) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  return (
    <HistoryPanel
      title={t('collection.conversationTitle', { number: collection.number })}
      description={
        <>
          <CollectionStatusLabel status={collection.status} /> {t('conversation.prompt')}
        </>
      }
      onClose={onClose}
    >
      <dl className={styles.facts}>
        <dt>{t('collection.drum')}</dt>
        <dd>{`${collection.drum.serial} · ${collection.site.name}`}</dd>
        <dt>{t('collection.pickupAddress')}</dt>
        <dd className={styles.preWrap}>{collection.pickupAddress}</dd>
        <dt>{t('collection.slots')}</dt>
        <dd>
          <ul className={styles.plainList}>
            {collection.timeSlots.map((slot) => (
              <li key={`${slot.date}-${slot.period}`}>
                {`${f.day(slot.date)}, ${t(`collection.period.${slot.period}`)}`}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('collection.loadingMeans')}</dt>
        <dd>{t(`collection.loading.${collection.loadingMeans}`)}</dd>
        <dt>{t('collection.pickupDate')}</dt>
        <dd>{collection.pickupDate ? f.day(collection.pickupDate) : t('collection.notYet')}</dd>
        {collection.collectedOn ? (
          <>
            <dt>{t('collection.collectedOn')}</dt>
            <dd>{f.day(collection.collectedOn)}</dd>
          </>
        ) : null}
        <dt>{t('collection.comment')}</dt>
        <dd className={styles.preWrap}>{collection.comment ?? t('request.none')}</dd>
      </dl>
      <CollectionHandling collection={collection} />
      <RefillChat list="collections" item={collection} />
    </HistoryPanel>
  );
}
