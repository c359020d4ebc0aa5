import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@portal/ui/page-header';
import { CenteredSpinner } from '@portal/ui/spinner';
import { paths } from '@/config/paths';
import { useAbility } from '@/lib/ability';
import { useTranslation } from '@/lib/i18n';
import { useAccount } from '../api/get-account';
import { AccountDetails } from '../components/account-details';
import styles from '../components/accounts.module.css';
import { AuditSection } from '../components/audit-section';
import { DrumsSection } from '../components/drums-section';
import { EquipmentSection } from '../components/equipment-section';
import { SitesSection } from '../components/sites-section';
import { accountSizes } from '../components/account-counts';
import { UsersSection } from '../components/users-section';

// The import and its drop zone are below the fold and for managers only: fetched once shown.
const ImportSection = lazy(() =>
  import('../components/import-section').then((module) => ({ default: module.ImportSection })),
);
// Single sign-on (its form) is below the fold: fetched once shown.
const SsoSection = lazy(() =>
  import('../components/sso-section').then((module) => ({ default: module.SsoSection })),
);
// The machine integration (its dialogs and drum picker) is below the fold: fetched once shown.
const IntegrationSection = lazy(() =>
  import('../components/integration-section').then((module) => ({
    default: module.IntegrationSection,
  })),
);

/**
 * /backoffice/accounts/:id: one account's details, sites, drums, equipment, users, machine
 * single sign-on, integration (API keys, LoRaWAN sensors), CSV import and audit trail. Agents read it; managers
 * also edit.
 */
export default function AccountPage() {
  const { t } = useTranslation(['accounts', 'errors']);
  const { id = '' } = useParams();
  const account = useAccount(id);
  const canEdit = useAbility().can('manage', 'accounts');
  // The route's error page says what failed (an unknown account: not found).
  if (account.isError) throw account.error;
  if (!account.data) return <CenteredSpinner label={t('loading')} />;
  const data = account.data;
  return (
    <div className={styles.page}>
      <p>
        <Link to={paths.backofficeAccounts}>{t('backToList')}</Link>
      </p>
      <PageHeader
        title={data.name}
        description={t(
          'summary',
          accountSizes(t, {
            sites: data.sites.length,
            drums: data.drums.length,
            users: data.users.length,
          }),
        )}
      />
      <AccountDetails key={`${data.id}-${data.name}`} account={data} canEdit={canEdit} />
      <SitesSection account={data} canEdit={canEdit} />
      <DrumsSection account={data} canEdit={canEdit} />
      <EquipmentSection account={data} canEdit={canEdit} />
      {canEdit && data.sites.length > 0 ? (
        <Suspense fallback={<CenteredSpinner label={t('loading')} />}>
          <ImportSection accountId={data.id} />
        </Suspense>
      ) : null}
      <UsersSection account={data} canEdit={canEdit} />
      <Suspense fallback={<CenteredSpinner label={t('loading')} />}>
        <SsoSection account={data} canEdit={canEdit} />
      </Suspense>
      <Suspense fallback={<CenteredSpinner label={t('loading')} />}>
        <IntegrationSection account={data} canEdit={canEdit} />
      </Suspense>
      <AuditSection accountId={data.id} />
    </div>
  );
}
