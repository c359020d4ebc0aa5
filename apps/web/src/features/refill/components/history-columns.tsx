import { Button } from '@portal/ui/button';
import type { TableColumn } from '@portal/ui/table';
import { useTranslation } from '@/lib/i18n';
import { useRefillFormat } from '../hooks/use-refill-format';

interface HistoryRow {
  id: string;
  number: string;
  createdAt: string;
  site: { name: string };
}

/**
 * The columns every item of the request history has: its number, when it was asked for, its
 * site, and the button that opens its conversation (marked for focus to return to it).
 */
export function useHistoryColumns<Row extends HistoryRow>(onOpen: (id: string) => void) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  const number: TableColumn<Row> = {
    id: 'number',
    header: t('history.number'),
    accessor: (row) => row.number,
    isSortable: true,
  };
  const createdAt: TableColumn<Row> = {
    id: 'createdAt',
    header: t('history.createdAt'),
    accessor: (row) => row.createdAt,
    isSortable: true,
    cell: (row) => f.date(row.createdAt),
  };
  const site: TableColumn<Row> = {
    id: 'site',
    header: t('history.site'),
    accessor: (row) => row.site.name,
    isSortable: true,
    // A site is shown whole, on two lines if it must.
    wrapsWords: true,
  };
  const conversation: TableColumn<Row> = {
    id: 'conversation',
    header: t('history.conversation'),
    cell: (row) => (
      <Button
        variant="outlined"
        onPress={() => onOpen(row.id)}
        data-open-item={row.id}
        aria-label={t('history.openConversation', { number: row.number })}
      >
        {t('history.open')}
      </Button>
    ),
  };
  return { number, createdAt, site, conversation };
}

/** Reads the list's next, older page while there is one. */
export function ShowOlderButton({
  query,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
}) {
  const { t } = useTranslation('refill');
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outlined"
      isPending={query.isFetchingNextPage}
      onPress={() => void query.fetchNextPage()}
    >
      {t('history.showOlder')}
    </Button>
  );
}
