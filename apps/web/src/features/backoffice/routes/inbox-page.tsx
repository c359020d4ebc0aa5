import { useSearchParams } from 'react-router';
import {
  INBOX_WAITING_VIEW_DAYS,
  collectionStatuses,
  quoteStatuses,
  refillRequestStatuses,
  workItemKinds,
  type InboxCounts,
  type InboxQuery,
  type WorkItemKind,
} from '@portal/contract';
import { Dropdown } from '@portal/ui/dropdown';
import { PageHeader } from '@portal/ui/page-header';
import { CenteredSpinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { useStatusLabel } from '@/lib/status-badge';
import { useInbox } from '../api/get-inbox';
import { AccountFilter } from '../components/account-filter';
import { DigestSwitch } from '../components/digest-switch';
import { InboxList } from '../components/inbox-list';
import { PasskeyReminder } from '../components/passkey-reminder';
import styles from '../components/backoffice.module.css';

const pageSizes = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 50;
const ages = ['1', '3', '7'];
const workflowStates: Record<WorkItemKind, readonly string[]> = {
  refill_request: refillRequestStatuses,
  quote: quoteStatuses,
  collection: collectionStatuses,
};

/**
 * The saved views, each a preset of the assignee, lateness and age filters (kept in the address
 * as those filters, so an older link still opens its view).
 */
const views = ['all', 'mine', 'unassigned', 'overdue', 'waiting'] as const;
type View = (typeof views)[number];
const viewFilters: Record<View, Record<'assignee' | 'overdue' | 'age', string | undefined>> = {
  all: { assignee: undefined, overdue: undefined, age: undefined },
  mine: { assignee: 'me', overdue: undefined, age: undefined },
  unassigned: { assignee: 'unassigned', overdue: undefined, age: undefined },
  overdue: { assignee: undefined, overdue: 'true', age: undefined },
  waiting: { assignee: undefined, overdue: undefined, age: String(INBOX_WAITING_VIEW_DAYS) },
};

interface Option {
  key: string;
  label: string;
}

/**
 * /backoffice, the provider's inbox: refill requests, quotes and drum collections of every
 * account, oldest waiting first. The rows come first: saved views with their counts (all, mine,
 * unassigned, overdue, waiting three days or more) as tabs, then one bar of filters (kind,
 * status, account and site), the list and its pager; every choice is kept in the address.
 */
export default function InboxPage() {
  const { t } = useTranslation(['backoffice', 'common', 'errors']);
  const statusLabel = useStatusLabel();
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') as WorkItemKind | null) ?? undefined;
  const assignee = (params.get('assignee') as InboxQuery['assignee'] | null) ?? 'any';
  const status = params.get('status') ?? 'open';
  const overdue = params.get('overdue') === 'true' ? 'true' : undefined;
  const pageSize =
    pageSizes.find((size) => String(size) === params.get('size')) ?? DEFAULT_PAGE_SIZE;
  const offset = Number(params.get('offset') ?? 0) || 0;
  const accountId = params.get('accountId') ?? undefined;
  const siteId = (accountId && params.get('siteId')) || undefined;
  const minAgeDays = ages.includes(params.get('age') ?? '') ? Number(params.get('age')) : undefined;
  const query: InboxQuery = {
    kind,
    assignee,
    status,
    overdue,
    accountId,
    siteId,
    minAgeDays,
    limit: pageSize,
    offset,
  };
  const inbox = useInbox(query);
  const view: View =
    assignee === 'me'
      ? 'mine'
      : assignee === 'unassigned'
        ? 'unassigned'
        : overdue
          ? 'overdue'
          : minAgeDays
            ? 'waiting'
            : 'all';

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    // A new filter starts from its first page.
    if (!('offset' in changes)) next.delete('offset');
    setParams(next, { replace: true });
  };
  const statuses: readonly string[] = kind ? workflowStates[kind] : [];

  if (inbox.isError) throw inbox.error;
  const counts = inbox.data?.counts;
  const dropdownLabels = {
    noResult: t('kit.noResult'),
    clear: t('kit.clear'),
    loading: t('common:loading'),
  };

  const kindOptions: Option[] = [
    { key: 'all', label: t('filters.allKinds') },
    ...workItemKinds.map((value) => ({ key: value, label: t(`kinds.${value}`) })),
  ];
  const statusOptions: Option[] = [
    { key: 'open', label: t('filters.open') },
    { key: 'all', label: t('filters.allStatuses') },
    ...statuses.map((value) => ({
      key: value,
      label: t('filters.statusCount', {
        status: statusLabel(kind ?? 'quote', value),
        count: counts?.byStatus[value] ?? 0,
      }),
    })),
  ];

  const list = (
    <div className={styles.inboxBody}>
      <section className={styles.filters} aria-label={t('filters.label')}>
        <Dropdown<Option>
          label={t('filters.kind')}
          options={kindOptions}
          keyField="key"
          labelField="label"
          value={kind ?? 'all'}
          onChange={(key) =>
            set({ kind: !key || key === 'all' ? undefined : key, status: undefined })
          }
          labels={dropdownLabels}
        />
        <Dropdown<Option>
          label={t('filters.status')}
          options={statusOptions}
          keyField="key"
          labelField="label"
          value={status}
          onChange={(key) => set({ status: !key || key === 'open' ? undefined : key })}
          labels={dropdownLabels}
        />
        <AccountFilter
          accountId={accountId}
          siteId={siteId}
          onChange={(filter) => set({ accountId: filter.accountId, siteId: filter.siteId })}
        />
      </section>
      {inbox.data ? (
        <InboxList
          items={inbox.data.items}
          total={inbox.data.counts.total}
          page={Math.floor(offset / pageSize) + 1}
          pageSize={pageSize}
          pageSizes={pageSizes}
          isPending={inbox.isFetching}
          onPageChange={(page) => set({ offset: String((page - 1) * pageSize) })}
          onPageSizeChange={(size) =>
            set({ size: size === DEFAULT_PAGE_SIZE ? undefined : String(size) })
          }
          onFilterAccount={(id) => set({ accountId: id })}
        />
      ) : (
        <CenteredSpinner label={t('common:loading')} />
      )}
    </div>
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('inbox.title')}
        description={t('inbox.description')}
        actions={
          <ExportMenu
            path="/api/exports/inbox"
            label={t('inbox.export')}
            filters={
              new URLSearchParams(
                Object.entries({ kind, assignee, status, overdue, accountId, minAgeDays }).flatMap(
                  ([key, value]) => (value === undefined ? [] : [[key, String(value)]]),
                ),
              )
            }
          />
        }
      />
      <PasskeyReminder />
      <Tabs
        label={t('views.label')}
        selectedId={view}
        activation="manual"
        onChange={(id) => set(viewFilters[id as View])}
        items={views.map((id) => ({
          id,
          label: <ViewLabel label={t(`views.${id}`)} count={counts?.views[id]} />,
          content: list,
        }))}
      />
      <DigestSwitch />
    </div>
  );
}

/** A view's name and how many items it holds (once the server has counted them). */
function ViewLabel({
  label,
  count,
}: {
  label: string;
  count: InboxCounts['views'][View] | undefined;
}) {
  return (
    <span className={styles.view}>
      {label}
      {count === undefined ? null : (
        <>
          {' '}
          <span className={styles.viewCount}>{count}</span>
        </>
      )}
    </span>
  );
}
