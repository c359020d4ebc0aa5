import { useSearchParams } from 'react-router';
import { downloadFile, ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { deliveryNoteDocumentStatuses, type RefillRequest } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Table, type TableColumn } from '@portal/ui/table';
import { useRefillRequests } from '../api/get-refill-requests';
import { useTableLabels } from '@/lib/use-table-labels';
import { useOpenItem } from '../hooks/use-open-item';
import { useRefillFormat } from '../hooks/use-refill-format';
import { COLLECTION_PARAM, REQUEST_PARAM } from '../lib/refill-url';
import { ShowOlderButton, useHistoryColumns } from './history-columns';
import { RequestConversation } from './request-conversation';
import { RequestStatusLabel } from './drum-status';
import { ErrorState, LoadingState } from '@/lib/load-states';
import styles from './refill.module.css';

/**
 * The account's refill requests with their status; each opens its conversation, named in the URL
 * (`request`), so it can be linked to and survives a reload.
 */
/** `onNewRequest` opens the request form; absent for a user who may not order. */
export function RequestHistory({ onNewRequest }: { onNewRequest?: (() => void) | undefined }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const labels = useTableLabels();
  const query = useRefillRequests();
  const { openId, setOpenId, isLookingFurther } = useOpenItem(REQUEST_PARAM, query);
  const [params] = useSearchParams();
  const common = useHistoryColumns<RefillRequest>(setOpenId);

  // A drum collection's conversation is open in the list's place.
  if (params.get(COLLECTION_PARAM)) return null;
  if (query.isPending || isLookingFurther) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const requests = query.data;
  const open = requests.find((request) => request.id === openId);

  const itemsText = (r: RefillRequest) =>
    r.items
      .map((item) => t('request.itemSummary', { serial: item.serial, count: item.quantity }))
      .join(', ');
  const columns: TableColumn<RefillRequest>[] = [
    common.number,
    common.createdAt,
    common.site,
    {
      id: 'items',
      header: t('history.drums'),
      accessor: (r) => r.items.length,
      truncate: true,
      title: (r) => itemsText(r),
      cell: (r) => itemsText(r),
    },
    {
      id: 'delivery',
      header: t('history.delivery'),
      accessor: (r) => r.deliveryDate,
      isSortable: true,
      cell: (r) =>
        `${f.day(r.deliveryDate)} · ${t('request.windowValue', { start: r.windowStart, end: r.windowEnd })}`,
    },
    {
      id: 'status',
      header: t('history.status'),
      accessor: (r) => r.status,
      isSortable: true,
      cell: (r) => <RequestStatusLabel status={r.status} />,
    },
    {
      id: 'deliveryNote',
      header: t('history.deliveryNote'),
      cell: (r) =>
        !deliveryNoteDocumentStatuses.includes(r.status) ? (
          t(`history.noDeliveryNote.${r.status}`)
        ) : (
          <Button
            variant="text"
            onPress={() => downloadFile(`/api/documents/refill-requests/${r.id}/delivery-note`)}
            aria-label={t('history.downloadDeliveryNote', { number: r.number })}
          >
            {t('history.pdf')}
          </Button>
        ),
    },
    common.conversation,
  ];

  if (open) return <RequestConversation request={open} onClose={() => setOpenId(null)} />;
  const notFound = openId ? (
    <p role="alert" className={styles.empty}>
      {t('history.notFound')}
    </p>
  ) : null;

  return (
    <div className={styles.stack}>
      {notFound}
      <div>
        <ExportMenu path="/api/exports/refill-requests" />
      </div>
      {requests.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('history.empty')}</p>
          {onNewRequest ? <Button onPress={onNewRequest}>{t('request.start')}</Button> : null}
        </div>
      ) : (
        <Table<RefillRequest>
          label={t('history.title')}
          columns={columns}
          rows={requests}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.number}
          defaultSort={{ columnId: 'createdAt', direction: 'descending' }}
          labels={labels}
        />
      )}
      <ShowOlderButton query={query} />
    </div>
  );
}
