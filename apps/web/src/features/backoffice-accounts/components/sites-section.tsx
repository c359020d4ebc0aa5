import { useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { Textarea } from '@portal/ui/textarea';
import type { AccountDetail, OnboardingSite } from '@portal/contract';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useSaveSite } from '../api/account-mutations';
import styles from './accounts.module.css';

const emptySite = { name: '', city: '', address: '', contacts: '', deliveryInstructions: '' };

/** Adds a site, or changes the one being edited. */
function SiteForm({
  accountId,
  site,
  onDone,
}: {
  accountId: string;
  site: OnboardingSite | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const save = useSaveSite();
  const [values, setValues] = useState(() =>
    site
      ? {
          name: site.name,
          city: site.city,
          address: site.address ?? '',
          contacts: site.contacts ?? '',
          deliveryInstructions: site.deliveryInstructions ?? '',
        }
      : emptySite,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof typeof emptySite) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    errorText: errors[key] ? t(`errors:${errors[key]}`) : undefined,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { accountId, itemId: site?.id, input: values },
      {
        onSuccess: () => {
          toaster.show({
            type: 'success',
            title: t('accounts:sites.saved', { name: values.name }),
          });
          setValues(emptySite);
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrorCodes(error);
          if (Object.keys(fields).length) setErrors(fields);
          else showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="site-form-title">
      <h3 id="site-form-title">
        {site ? t('accounts:sites.editTitle', { name: site.name }) : t('accounts:sites.addTitle')}
      </h3>
      <TextField label={t('accounts:sites.name')} isRequired {...field('name')} />
      <TextField label={t('accounts:sites.city')} isRequired {...field('city')} />
      <Textarea label={t('accounts:sites.address')} maxLength={300} {...field('address')} />
      <Textarea label={t('accounts:sites.contacts')} maxLength={1000} {...field('contacts')} />
      <Textarea
        label={t('accounts:sites.deliveryInstructions')}
        maxLength={1000}
        {...field('deliveryInstructions')}
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={save.isPending} pendingLabel={t('accounts:saving')}>
          {site ? t('accounts:save') : t('accounts:sites.add')}
        </Button>
        {site ? (
          <Button variant="text" onPress={onDone}>
            {t('accounts:cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The account's sites: address, contacts, delivery instructions; add or edit one. */
export function SitesSection({ account, canEdit }: { account: AccountDetail; canEdit: boolean }) {
  const { t } = useTranslation(['accounts', 'errors']);
  const [editing, setEditing] = useState<OnboardingSite | null>(null);
  return (
    <section className={styles.section} aria-labelledby="sites-title">
      <h2 id="sites-title">{t('sites.title', { count: account.sites.length })}</h2>
      {account.sites.length === 0 ? <p>{t('sites.none')}</p> : null}
      <ul className={styles.list}>
        {account.sites.map((site) => (
          <li key={site.id} className={styles.row}>
            <div className={styles.who}>
              <strong>
                {site.name} ({site.city})
              </strong>
              {site.address ? <span className={styles.muted}>{site.address}</span> : null}
              {site.contacts ? (
                <span className={styles.muted}>
                  {t('sites.contactsValue', { value: site.contacts })}
                </span>
              ) : null}
              {site.deliveryInstructions ? (
                <span className={styles.muted}>
                  {t('sites.deliveryValue', { value: site.deliveryInstructions })}
                </span>
              ) : null}
            </div>
            {canEdit ? (
              <Button variant="outlined" size="small" onPress={() => setEditing(site)}>
                {t('editItem', { name: site.name })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <SiteForm
          key={editing?.id ?? 'new'}
          accountId={account.id}
          site={editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
