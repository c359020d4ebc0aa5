import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@portal/ui/button';
import { PageHeader } from '@portal/ui/page-header';
import { Table, type TableColumn } from '@portal/ui/table';
import { TextField } from '@portal/ui/text-field';
import type { AccountSummary } from '@portal/contract';
import { paths } from '@/config/paths';
import { useAbility } from '@/lib/ability';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { useCreateAccount } from '../api/account-mutations';
import { ACCOUNTS_PAGE_SIZE, useAccounts } from '../api/get-accounts';
import { accountSizes } from '../components/account-counts';
import { AuditSection } from '../components/audit-section';
import { domainsOf } from '../components/account-details';
import { RegistrationsSection } from '../components/registrations-section';
import { StaffSection } from '../components/staff-section';
import styles from '../components/accounts.module.css';
import { useTableLabels } from '@/lib/use-table-labels';

/** A new account: its name and verified domains; then its own page, to add sites and drums. */
function CreateAccountForm() {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const create = useCreateAccount();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [domains, setDomains] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    create.mutate(
      { name, verifiedDomains: domainsOf(domains) },
      {
        onSuccess: ({ id }) => void navigate(paths.backofficeAccount.build(id)),
        onError: (error) => {
          const field = fieldErrorCodes(error).name;
          if (field) setNameError(t(`errors:${field}`));
          else showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="create-title">
      <h2 id="create-title">{t('accounts:create.title')}</h2>
      <TextField
        label={t('accounts:details.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        errorText={nameError}
        isRequired
      />
      <TextField
        label={t('accounts:details.domains')}
        description={t('accounts:details.domainsHelp')}
        value={domains}
        onChange={(event) => setDomains(event.target.value)}
      />
      <div>
        <Button type="submit" isPending={create.isPending} pendingLabel={t('accounts:saving')}>
          {t('accounts:create.submit')}
        </Button>
      </div>
    </form>
  );
}

/** /backoffice/accounts: the customer accounts, searched by name; create one; every audit trail. */
export default function AccountsPage() {
  const { t } = useTranslation(['accounts', 'errors']);
  const labels = useTableLabels(t('accounts:kit.noData'));
  const canEdit = useAbility().can('manage', 'accounts');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const accounts = useAccounts(search.trim(), offset);
  if (accounts.isError && !accounts.data) throw accounts.error;

  const columns: TableColumn<AccountSummary>[] = [
    {
      id: 'name',
      header: t('list.name'),
      accessor: (account) => account.name,
      cell: (account) => <Link to={paths.backofficeAccount.build(account.id)}>{account.name}</Link>,
    },
    {
      id: 'domains',
      header: t('details.domains'),
      accessor: (account) => account.verifiedDomains.join(', '),
    },
    { id: 'sites', header: t('list.sites'), accessor: (account) => account.sites, align: 'end' },
    { id: 'drums', header: t('list.drums'), accessor: (account) => account.drums, align: 'end' },
    { id: 'users', header: t('list.users'), accessor: (account) => account.users, align: 'end' },
    {
      id: 'status',
      header: t('list.status'),
      accessor: (account) => t(account.suspended ? 'status.suspended' : 'status.active'),
    },
  ];

  return (
    <div className={styles.page}>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <section className={styles.section} aria-labelledby="list-title">
        <h2 id="list-title">{t('list.heading')}</h2>
        <TextField
          label={t('list.search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setOffset(0);
          }}
        />
        <Table
          label={t('list.heading')}
          columns={columns}
          rows={accounts.data?.accounts ?? []}
          getRowId={(account) => account.id}
          isPending={accounts.isFetching}
          isPaginationDisabled
          labels={labels}
          renderCard={(account) => (
            <div className={styles.who}>
              <Link to={paths.backofficeAccount.build(account.id)}>{account.name}</Link>
              <span className={styles.muted}>
                {t('list.sizes', accountSizes(t, account))}
                {account.suspended ? ` · ${t('status.suspended')}` : ''}
              </span>
            </div>
          )}
        />
        <div className={styles.actions}>
          <Button
            variant="outlined"
            size="small"
            isDisabled={offset === 0}
            onPress={() => setOffset(Math.max(0, offset - ACCOUNTS_PAGE_SIZE))}
          >
            {t('previous')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            isDisabled={accounts.data?.nextOffset == null}
            onPress={() => setOffset(accounts.data?.nextOffset ?? offset)}
          >
            {t('next')}
          </Button>
        </div>
      </section>
      <RegistrationsSection canDecide={canEdit} />
      {canEdit ? <CreateAccountForm /> : null}
      {canEdit ? <StaffSection /> : null}
      <AuditSection />
    </div>
  );
}
