import { useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { RadioGroup } from '@portal/ui/radio';
import { TextField } from '@portal/ui/text-field';
import { Textarea } from '@portal/ui/textarea';
import type { Registration } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useAccounts } from '../api/get-accounts';
import {
  useApproveRegistration,
  usePendingRegistrations,
  useRejectRegistration,
} from '../api/registrations';
import styles from './accounts.module.css';

/** One request: approve into a new account (named after the company) or an existing one, or reject. */
function RegistrationRow({ registration }: { registration: Registration }) {
  const { t } = useTranslation(['accounts', 'errors']);
  const approve = useApproveRegistration();
  const reject = useRejectRegistration();
  const [target, setTarget] = useState<'new' | 'existing' | 'reject'>('new');
  const [newName, setNewName] = useState(registration.company);
  const [search, setSearch] = useState(registration.company);
  const [accountId, setAccountId] = useState('');
  const [reason, setReason] = useState('');
  const matches = useAccounts(target === 'existing' ? search.trim() : '', 0);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const done = (title: string) => () => toaster.show({ type: 'success', title });
    const onError = (error: unknown) => showErrorToasts(error, t);
    if (target === 'reject') {
      reject.mutate(
        { id: registration.id, reason },
        { onSuccess: done(t('accounts:registrations.rejected')), onError },
      );
    } else {
      approve.mutate(
        target === 'new'
          ? { id: registration.id, newAccountName: newName }
          : { id: registration.id, accountId },
        { onSuccess: done(t('accounts:registrations.approved')), onError },
      );
    }
  };

  return (
    <li className={styles.row}>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('accounts:registrations.decide', { email: registration.email })}
      >
        <div className={styles.who}>
          <strong>{registration.email}</strong>
          <span className={styles.muted}>
            {registration.company} · {registration.site} · {registration.phone}
          </span>
        </div>
        <RadioGroup
          label={t('accounts:registrations.decision')}
          value={target}
          onChange={(value) => setTarget(value as typeof target)}
          options={[
            { value: 'new', label: t('accounts:registrations.intoNew') },
            { value: 'existing', label: t('accounts:registrations.intoExisting') },
            { value: 'reject', label: t('accounts:registrations.reject') },
          ]}
        />
        {target === 'new' ? (
          <TextField
            label={t('accounts:registrations.newName')}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            isRequired
          />
        ) : null}
        {target === 'existing' ? (
          <>
            <TextField
              label={t('accounts:list.search')}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <RadioGroup
              label={t('accounts:registrations.account')}
              value={accountId}
              onChange={setAccountId}
              options={(matches.data?.accounts ?? []).map((account) => ({
                value: account.id,
                label: account.name,
              }))}
            />
          </>
        ) : null}
        {target === 'reject' ? (
          <Textarea
            label={t('accounts:registrations.reason')}
            description={t('accounts:registrations.reasonHelp')}
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.target.value)}
            isRequired
          />
        ) : null}
        <div>
          <Button
            type="submit"
            tone={target === 'reject' ? 'destructive' : 'primary'}
            isDisabled={
              (target === 'existing' && !accountId) || (target === 'reject' && !reason.trim())
            }
            isPending={approve.isPending || reject.isPending}
            pendingLabel={t('accounts:saving')}
          >
            {target === 'reject'
              ? t('accounts:registrations.confirmReject')
              : t('accounts:registrations.confirmApprove')}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** Sign-ups no verified domain claimed, waiting for staff: approve or reject each. */
export function RegistrationsSection({ canDecide }: { canDecide: boolean }) {
  const { t } = useTranslation(['accounts', 'errors']);
  const registrations = usePendingRegistrations();
  const items = registrations.data?.registrations ?? [];
  return (
    <section className={styles.section} aria-labelledby="registrations-title">
      <h2 id="registrations-title">{t('registrations.title', { count: items.length })}</h2>
      {registrations.isError ? <p role="alert">{t('errors:unknown')}</p> : null}
      {registrations.data && items.length === 0 ? <p>{t('registrations.none')}</p> : null}
      <ul className={styles.list}>
        {items.map((registration) =>
          canDecide ? (
            <RegistrationRow key={registration.id} registration={registration} />
          ) : (
            <li key={registration.id} className={styles.row}>
              <div className={styles.who}>
                <strong>{registration.email}</strong>
                <span className={styles.muted}>
                  {registration.company} · {registration.site} · {registration.phone}
                </span>
              </div>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
