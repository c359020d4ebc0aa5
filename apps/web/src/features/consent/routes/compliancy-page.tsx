import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@portal/ui/button';
import { Table } from '@portal/ui/table';
import { paths } from '@/config/paths';
import { APP_STORE_KEY } from '@/lib/app-store';
import { RETURN_PATH_KEY } from '@/lib/return-path';
import { CONSENT_KEY, needsConsent, useConsentStore } from '@/lib/consent-store';
import { LOCALE_KEY, useTranslation } from '@/lib/i18n';
import styles from './compliancy-page.module.css';

// The dialog (and the kit's dialog machinery) loads when the button first asks for it.
const ConsentDialog = lazy(() =>
  import('../components/consent-dialog').then((module) => ({ default: module.ConsentDialog })),
);

type Item =
  'consent' | 'localeCookie' | 'localeStorage' | 'session' | 'appStore' | 'returnPath' | 'ga';

/** What the portal stores on the device, as the page lists it (keep in step with the code). */
interface StoredItem {
  item: Item;
  name: string;
  kind: 'cookie' | 'localStorage';
}

const storedItems: StoredItem[] = [
  { item: 'session', name: 'session', kind: 'cookie' },
  { item: 'localeCookie', name: LOCALE_KEY, kind: 'cookie' },
  { item: 'localeStorage', name: LOCALE_KEY, kind: 'localStorage' },
  { item: 'consent', name: CONSENT_KEY, kind: 'localStorage' },
  { item: 'appStore', name: APP_STORE_KEY, kind: 'localStorage' },
  { item: 'returnPath', name: RETURN_PATH_KEY, kind: 'localStorage' },
  { item: 'ga', name: '_ga, _ga_*', kind: 'cookie' },
];

/**
 * The privacy and cookie page (public, the pop-up never opens by itself here). Its button
 * opens the same consent choice on demand.
 */
export default function CompliancyPage() {
  const { t } = useTranslation('consent');
  const record = useConsentStore((state) => state.record);
  const [isChoosing, setChoosing] = useState(false);
  // Once opened, the dialog stays mounted, so closing it plays its animation.
  const [wasOpened, setWasOpened] = useState(false);
  const current = needsConsent(record)
    ? 'currentUnanswered'
    : record.analytics.isGoogleAnalyticsEnabled
      ? 'currentAccepted'
      : 'currentRefused';

  return (
    <div className={styles.page}>
      <h1>{t('page.title')}</h1>
      <p>{t('page.intro')}</p>

      <h2>{t('page.storedHeading')}</h2>
      <Table<StoredItem>
        label={t('page.table.caption')}
        isLabelVisible
        columns={[
          {
            id: 'name',
            header: t('page.table.name'),
            accessor: (row) => row.name,
            isRowHeader: true,
            cell: (row) => <code>{row.name}</code>,
          },
          {
            id: 'kind',
            header: t('page.table.kind'),
            accessor: (row) => t(`page.kinds.${row.kind}`),
          },
          {
            id: 'purpose',
            header: t('page.table.purpose'),
            accessor: (row) => t(`page.items.${row.item}.purpose`),
            wrapsWords: true,
          },
          {
            id: 'duration',
            header: t('page.table.duration'),
            accessor: (row) => t(`page.items.${row.item}.duration`),
            wrapsWords: true,
          },
        ]}
        rows={storedItems}
        getRowId={(row) => `${row.kind}-${row.item}`}
        isPaginationDisabled
      />

      <h2>{t('page.analyticsHeading')}</h2>
      <p>{t('page.analyticsText')}</p>

      <h2>{t('page.choiceHeading')}</h2>
      <p role="status">{t(`page.${current}`)}</p>
      <Button
        variant="contained"
        onPress={() => {
          setWasOpened(true);
          setChoosing(true);
        }}
      >
        {t('page.change')}
      </Button>

      <h2>{t('page.rightsHeading')}</h2>
      <p>{t('page.rightsText')}</p>

      <p>
        <Link to={paths.root}>{t('page.back')}</Link>
      </p>
      {wasOpened ? (
        <Suspense fallback={null}>
          <ConsentDialog
            key={String(isChoosing)}
            isOpen={isChoosing}
            onSaved={() => setChoosing(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
