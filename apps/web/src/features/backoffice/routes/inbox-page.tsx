import { useSearchParams } from 'react-router';
import {
  collectionStatuses,
  quoteStatuses,
  refillRequestStatuses,
  workItemKinds,
  type InboxQuery,
  type WorkItemKind,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { PageHeader } from '@portal/ui/page-header';
import { RadioGroup } from '@portal/ui/radio';
import { CenteredSpinner } from '@portal/ui/spinner';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { useStatusLabel } from '@/lib/status-badge';
import { useInbox } from '../api/get-inbox';
import { AccountFilter } from '../components/account-filter';
import { DigestSwitch } from '../components/digest-switch';
import { InboxList } from '../components/inbox-list';
import { PasskeyReminder } from '../components/passkey-reminder';
import styles from '../components/backoffice.module.css';

const PAGE_SIZE = 50;
const assignees = ['any', 'me', 'unassigned'] as const;
const ages = ['1', '3', '7'];
const workflowStates: Record<WorkItemKind, readonly string[]> = {
  refill_request: refillRequestStatuses,
  quote: quoteStatuses,
  collection: collectionStatuses,
};

/**
 * /backoffice, the provider's inbox: refill requests, quotes and drum collections of every account,
 * oldest waiting first, filtered by kind, account and site, status, assignee and lateness (kept in
 * the address), with the counts.
 */
export default function InboxPage() {
  const { t } = useTranslation(['backoffice', 'common', 'errors']);
  const statusLabel = useStatusLabel();
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') as WorkItemKind | null) ?? undefined;
  const assignee = (params.get('assignee') as (typeof assignees)[number] | null) ?? 'any';
  const status = params.get('status') ?? 'open';
  const overdue = params.get('overdue') === 'true' ? 'true' : undefined;
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
    limit: PAGE_SIZE,
    offset,
  };
  const inbox = useInbox(query);

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

  return (
    <div className={styles.page}>
      <PageHeader title={t('inbox.title')} description={t('inbox.description')} />
      <PasskeyReminder />
      <DigestSwitch />
      <section className={styles.filters} aria-label={t('filters.label')}>
        <RadioGroup
          label={t('filters.kind')}
          orientation="horizontal"
          value={kind ?? 'all'}
          onChange={(value) =>
            set({ kind: value === 'all' ? undefined : value, status: undefined })
          }
          options={[
            { value: 'all', label: t('filters.allKinds') },
            ...workItemKinds.map((value) => ({ value, label: t(`kinds.${value}`) })),
          ]}
        />
        <AccountFilter
          accountId={accountId}
          siteId={siteId}
          onChange={(filter) => set({ accountId: filter.accountId, siteId: filter.siteId })}
        />
        <RadioGroup
          label={t('filters.assignee')}
          orientation="horizontal"
          value={assignee}
          onChange={(value) => set({ assignee: value === 'any' ? undefined : value })}
          options={assignees.map((value) => ({ value, label: t(`filters.assignees.${value}`) }))}
        />
        <RadioGroup
          label={t('filters.status')}
          orientation="horizontal"
          value={status}
          onChange={(value) => set({ status: value === 'open' ? undefined : value })}
          options={[
            { value: 'open', label: t('filters.open') },
            { value: 'all', label: t('filters.allStatuses') },
            ...statuses.map((value) => ({
              value,
              label: `${statusLabel(kind ?? 'quote', value)} (${counts?.byStatus[value] ?? 0})`,
            })),
          ]}
        />
        <RadioGroup
          label={t('filters.age.label')}
          orientation="horizontal"
          value={minAgeDays ? String(minAgeDays) : 'any'}
          onChange={(value) => set({ age: value === 'any' ? undefined : value })}
          options={['any', ...ages].map((value) => ({ value, label: t(`filters.age.${value}`) }))}
        />
        <Checkbox
          label={t('filters.overdueOnly')}
          isSelected={overdue === 'true'}
          onChange={(selected) => set({ overdue: selected ? 'true' : undefined })}
        />
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
      </section>
      {counts ? (
        <ul className={styles.counts} aria-label={t('counts.label')}>
          <li>{t('counts.total', { count: counts.total })}</li>
          <li>{t('counts.overdue', { count: counts.overdue })}</li>
          <li>{t('counts.unread', { count: counts.unread })}</li>
          <li>{t('counts.mine', { count: counts.mine })}</li>
          <li>{t('counts.unassigned', { count: counts.unassigned })}</li>
        </ul>
      ) : null}
      {inbox.data ? (
        <>
          <InboxList items={inbox.data.items} onFilterAccount={(id) => set({ accountId: id })} />
          <div className={styles.pager}>
            <Button
              variant="outlined"
              isDisabled={offset === 0}
              onPress={() => set({ offset: String(Math.max(0, offset - PAGE_SIZE)) })}
            >
              {t('inbox.previous')}
            </Button>
            <Button
              variant="outlined"
              isDisabled={inbox.data.nextOffset === null}
              onPress={() => set({ offset: String(inbox.data?.nextOffset ?? 0) })}
            >
              {t('inbox.next')}
            </Button>
          </div>
        </>
      ) : (
        <CenteredSpinner label={t('common:loading')} />
      )}
    </div>
  );
}
