import { Link } from 'react-router';
import type { InboxItem } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Table, type TableColumn } from '@portal/ui/table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date-time';
import { useTranslation } from '@/lib/i18n';
import { WorkflowStatus } from '@/lib/status-badge';
import { useTableLabels } from '@/lib/use-table-labels';
import { belowQuery, useMediaQuery } from '@/lib/use-media-query';
import { InboxMarks } from './inbox-marks';
import styles from './backoffice.module.css';

/**
 * One page of the inbox in the kit's table on a desktop, as cards on a phone: reference (a link to
 * the item), kind, account and site, status, who handles it, since when the customer waits, marks.
 * The server's order (oldest waiting first) is kept, and the table's pager is the only one.
 */
export function InboxList({
  items,
  total,
  page,
  pageSize,
  pageSizes,
  isPending,
  onPageChange,
  onPageSizeChange,
  onFilterAccount,
}: {
  /** The rows of the current page. */
  items: InboxItem[];
  /** How many items match the filters, over every page. */
  total: number;
  /** The page shown, 1-based. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** A newer page is loading. */
  isPending: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Narrows the inbox to one account (its name in a row is a button). */
  onFilterAccount: (accountId: string) => void;
}) {
  const { t, i18n } = useTranslation('backoffice');
  const isPhone = useMediaQuery(belowQuery('tablet'));
  const since = (item: InboxItem) =>
    item.waitingSince ? formatDateTime(item.waitingSince, i18n.language) : t('inbox.answered');
  const status = (item: InboxItem) => <WorkflowStatus kind={item.kind} status={item.status} />;
  const reference = (item: InboxItem) => (
    <Link className={styles.reference} to={paths.backofficeItem.build(item.id)}>
      {item.reference}
    </Link>
  );
  const labels = useTableLabels(t('inbox.empty'));

  const columns: TableColumn<InboxItem>[] = [
    { id: 'reference', header: t('inbox.reference'), cell: reference },
    {
      id: 'kind',
      header: t('inbox.kind'),
      wrapsWords: true,
      cell: (item) => t(`kinds.${item.kind}`),
    },
    {
      id: 'account',
      header: t('inbox.account'),
      wrapsWords: true,
      // The account (a button that narrows the inbox to it), its site on a line of its own.
      cell: (item) => (
        <span className={styles.accountCell}>
          <Button
            variant="text"
            aria-label={t('filters.filterAccount', { name: item.account.name })}
            onPress={() => onFilterAccount(item.account.id)}
          >
            {item.account.name}
          </Button>
          {item.site ? <span className={styles.muted}>{item.site.name}</span> : null}
        </span>
      ),
    },
    { id: 'status', header: t('inbox.status'), wrapsWords: true, cell: status },
    {
      id: 'assignee',
      header: t('inbox.assignee'),
      wrapsWords: true,
      cell: (item) => item.assignee?.name ?? t('inbox.unassigned'),
    },
    { id: 'waiting', header: t('inbox.waitingSince'), wrapsWords: true, cell: since },
    {
      id: 'marks',
      header: t('inbox.marks'),
      wrapsWords: true,
      cell: (item) => <InboxMarks item={item} />,
    },
  ];

  return (
    <Table<InboxItem>
      label={t('inbox.title')}
      columns={columns}
      rows={items}
      rowCount={total}
      page={page}
      pageSize={pageSize}
      pageSizeOptions={pageSizes}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      isPending={isPending}
      getRowId={(item) => item.id}
      getRowLabel={(item) => item.reference}
      showsCardsOnly={isPhone}
      renderCard={(item) => (
        <div className={styles.card}>
          <strong>{reference(item)}</strong>
          <div>
            <InboxMarks item={item} />
          </div>
          <dl className={styles.cardFacts}>
            <dt>{t('inbox.kind')}</dt>
            <dd>{t(`kinds.${item.kind}`)}</dd>
            <dt>{t('inbox.account')}</dt>
            <dd>{item.account.name}</dd>
            <dt>{t('inbox.status')}</dt>
            <dd>{status(item)}</dd>
            <dt>{t('inbox.assignee')}</dt>
            <dd>{item.assignee?.name ?? t('inbox.unassigned')}</dd>
            <dt>{t('inbox.waitingSince')}</dt>
            <dd>{since(item)}</dd>
          </dl>
        </div>
      )}
      labels={labels}
    />
  );
}
