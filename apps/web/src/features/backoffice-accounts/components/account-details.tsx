import { useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { Textarea } from '@portal/ui/textarea';
import type { AccountDetail } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useSetSuspended, useUpdateAccount } from '../api/account-mutations';
import styles from './accounts.module.css';

/** Domains typed as a list: separated by commas, spaces or line breaks. */
export const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().replace(/^@/, ''))
    .filter(Boolean);

/** The account's name, verified e-mail domains and notes; its suspension, in two steps. */
export function AccountDetails({ account, canEdit }: { account: AccountDetail; canEdit: boolean }) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const update = useUpdateAccount();
  const suspend = useSetSuspended();
  const [name, setName] = useState(account.name);
  const [domains, setDomains] = useState(account.verifiedDomains.join(', '));
  const [notes, setNotes] = useState(account.notes ?? '');
  const [confirming, setConfirming] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { accountId: account.id, name, verifiedDomains: domainsOf(domains), notes },
      {
        onSuccess: () => toaster.show({ type: 'success', title: t('accounts:details.saved') }),
        onError: (error) => showErrorToasts(error, t),
      },
    );
  };
  const toggleSuspension = () =>
    suspend.mutate(
      { accountId: account.id, suspended: !account.suspended },
      {
        onSuccess: () => {
          setConfirming(false);
          toaster.show({
            type: 'success',
            title: t(
              account.suspended ? 'accounts:details.unsuspended' : 'accounts:details.suspended',
            ),
          });
        },
        onError: (error) => showErrorToasts(error, t),
      },
    );

  return (
    <section className={styles.section} aria-labelledby="details-title">
      <h2 id="details-title">{t('accounts:details.title')}</h2>
      <p className={styles.muted}>
        {account.suspended ? t('accounts:status.suspended') : t('accounts:status.active')}
      </p>
      {canEdit ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('accounts:details.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            isRequired
          />
          <TextField
            label={t('accounts:details.domains')}
            description={t('accounts:details.domainsHelp')}
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
          />
          <Textarea
            label={t('accounts:details.notes')}
            value={notes}
            maxLength={2000}
            onChange={(event) => setNotes(event.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={update.isPending} pendingLabel={t('accounts:saving')}>
              {t('accounts:save')}
            </Button>
            {confirming ? (
              <>
                <Button
                  tone={account.suspended ? 'primary' : 'destructive'}
                  isPending={suspend.isPending}
                  pendingLabel={t('accounts:saving')}
                  onPress={toggleSuspension}
                >
                  {account.suspended
                    ? t('accounts:details.confirmUnsuspend')
                    : t('accounts:details.confirmSuspend')}
                </Button>
                <Button variant="text" onPress={() => setConfirming(false)}>
                  {t('accounts:cancel')}
                </Button>
              </>
            ) : (
              <Button
                variant="outlined"
                tone={account.suspended ? 'primary' : 'destructive'}
                onPress={() => setConfirming(true)}
              >
                {account.suspended
                  ? t('accounts:details.unsuspend')
                  : t('accounts:details.suspend')}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <dl>
          <dt>{t('accounts:details.domains')}</dt>
          <dd>{account.verifiedDomains.join(', ') || '—'}</dd>
          <dt>{t('accounts:details.notes')}</dt>
          <dd>{account.notes ?? '—'}</dd>
        </dl>
      )}
    </section>
  );
}
