import { useSearchParams } from 'react-router';
import type { Collection } from '@portal/contract';
import { Table, type TableColumn } from '@portal/ui/table';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { ErrorState, LoadingState } from '@/lib/load-states';
import { useCollections } from '../api/get-collections';
import { useTableLabels } from '@/lib/use-table-labels';
import { useOpenItem } from '../hooks/use-open-item';
import { useRefillFormat } from '../hooks/use-refill-format';
import { COLLECTION_PARAM, REQUEST_PARAM } from '../lib/refill-url';
import { CollectionConversation } from './collection-conversation';
import { CollectionStatusLabel } from './drum-status';
import { ShowOlderButton, useHistoryColumns } from './history-columns';
import styles from './refill.module.css';

/**
 * The account's drum collections beside its refill requests: status, whose turn, the pickup
 * date; each opens its conversation, named in the URL (`collection`). Hidden while a refill
 * request's conversation is open.
 */
export function CollectionHistory() {
  const { t } = useTranslation(['refill', 'common']);
  const f = useRefillFormat();
  const labels = useTableLabels();
  const query = useCollections();
  const [params] = useSearchParams();
  const { openId, setOpenId, isLookingFurther } = useOpenItem(COLLECTION_PARAM, query);
  const common = useHistoryColumns<Collection>(setOpenId);

  if (params.get(REQUEST_PARAM)) return null;
  if (query.isPending || isLookingFurther) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const collections = query.data;
  const open = collections.find((collection) => collection.id === openId);
  if (open) return <CollectionConversation collection={open} onClose={() => setOpenId(null)} />;

  const columns: TableColumn<Collection>[] = [
    common.number,
    common.createdAt,
    { id: 'drum', header: t('collection.drum'), accessor: (c) => c.drum.serial, isSortable: true },
    common.site,
    {
      id: 'pickupDate',
      header: t('collection.pickupDate'),
      accessor: (c) => c.pickupDate ?? '',
      isSortable: true,
      cell: (c) => (c.pickupDate ? f.day(c.pickupDate) : t('collection.notYet')),
    },
    {
      id: 'status',
      header: t('history.status'),
      accessor: (c) => c.status,
      isSortable: true,
      cell: (c) => <CollectionStatusLabel status={c.status} />,
    },
    {
      id: 'turn',
      header: t('collection.turn'),
      cell: (c) => (c.turn ? t(`common:workflow.turn.${c.turn}`) : t('common:workflow.closed')),
    },
    common.conversation,
  ];

  return (
    <section aria-labelledby="collections-title" className={styles.stack}>
      <h2 id="collections-title" className={styles.sectionTitle}>
        {t('collection.historyTitle')}
      </h2>
      {openId ? (
        <p role="alert" className={styles.empty}>
          {t('history.notFound')}
        </p>
      ) : null}
      {collections.length === 0 ? (
        <p className={styles.empty}>{t('collection.historyEmpty')}</p>
      ) : (
        <>
          <div>
            <ExportMenu path="/api/exports/collections" />
          </div>
          <Table<Collection>
            label={t('collection.historyTitle')}
            columns={columns}
            rows={collections}
            getRowId={(c) => c.id}
            getRowLabel={(c) => c.number}
            defaultSort={{ columnId: 'createdAt', direction: 'descending' }}
            labels={labels}
          />
        </>
      )}
      <ShowOlderButton query={query} />
    </section>
  );
}
