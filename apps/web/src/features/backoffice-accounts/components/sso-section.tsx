import { useState, type FormEvent } from 'react';
import {
  customerRoles,
  ssoCallbackPath,
  type AccountDetail,
  type AccountSso,
  type CustomerRole,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { RadioGroup } from '@portal/ui/radio';
import { CenteredSpinner } from '@portal/ui/spinner';
import { TextField } from '@portal/ui/text-field';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useAccountSso, useSaveAccountSso } from '../api/account-sso';
import { domainsOf } from './account-details';
import styles from './accounts.module.css';

/**
 * The account's single sign-on: its identity provider (issuer, client id and secret), the
 * verified domains it serves, the role of a newcomer, invitation only, and whether a mailed
 * link is still allowed. Managers edit it; agents read it. The secret is never shown: it is
 * only replaced.
 */
export function SsoSection({ account, canEdit }: { account: AccountDetail; canEdit: boolean }) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const sso = useAccountSso(account.id);
  return (
    <section className={styles.section} aria-labelledby="sso-title">
      <h2 id="sso-title">{t('accounts:sso.title')}</h2>
      <p className={styles.muted}>
        {t('accounts:sso.description', {
          redirect: new URL(ssoCallbackPath, window.location.origin).href,
        })}
      </p>
      {sso.data ? (
        canEdit ? (
          <SsoForm key={JSON.stringify(sso.data)} account={account} sso={sso.data} />
        ) : (
          <SsoSummary sso={sso.data} />
        )
      ) : sso.isError ? (
        <p role="alert">{t('errors:unknown')}</p>
      ) : (
        <CenteredSpinner label={t('accounts:loading')} />
      )}
    </section>
  );
}

function SsoSummary({ sso }: { sso: AccountSso }) {
  const { t } = useTranslation(['accounts', 'errors']);
  if (!sso.configured) return <p>{t('accounts:sso.none')}</p>;
  return (
    <dl>
      <dt>{t('accounts:sso.issuer')}</dt>
      <dd>{sso.issuer}</dd>
      <dt>{t('accounts:sso.domains')}</dt>
      <dd>{sso.domains.join(', ')}</dd>
      <dt>{t('accounts:sso.defaultRole')}</dt>
      <dd>{t(`accounts:roles.${sso.defaultRole}`)}</dd>
      <dt>{t('accounts:sso.invitationOnly')}</dt>
      <dd>{t(sso.invitationOnly ? 'accounts:sso.yes' : 'accounts:sso.no')}</dd>
      <dt>{t('accounts:sso.requireSso')}</dt>
      <dd>{t(sso.requireSso ? 'accounts:sso.yes' : 'accounts:sso.no')}</dd>
    </dl>
  );
}

function SsoForm({ account, sso }: { account: AccountDetail; sso: AccountSso }) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const save = useSaveAccountSso();
  const [issuer, setIssuer] = useState(sso.issuer ?? '');
  const [clientId, setClientId] = useState(sso.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(
    (sso.configured ? sso.domains : account.verifiedDomains).join(', '),
  );
  const [defaultRole, setDefaultRole] = useState<CustomerRole>(sso.defaultRole);
  const [invitationOnly, setInvitationOnly] = useState(sso.invitationOnly);
  const [requireSso, setRequireSso] = useState(sso.requireSso);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        accountId: account.id,
        issuer: issuer.trim(),
        clientId,
        clientSecret,
        domains: domainsOf(domains),
        defaultRole,
        invitationOnly,
        requireSso,
      },
      {
        onSuccess: () => {
          setClientSecret('');
          toaster.show({ type: 'success', title: t('accounts:sso.saved') });
        },
        onError: (error) => showErrorToasts(error, t),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('accounts:sso.issuer')}
        description={t('accounts:sso.issuerHelp')}
        type="url"
        value={issuer}
        onChange={(event) => setIssuer(event.target.value)}
        isRequired
      />
      <TextField
        label={t('accounts:sso.clientId')}
        value={clientId}
        onChange={(event) => setClientId(event.target.value)}
        isRequired
      />
      <TextField
        label={t('accounts:sso.clientSecret')}
        description={t(
          sso.hasClientSecret ? 'accounts:sso.clientSecretKept' : 'accounts:sso.clientSecretHelp',
        )}
        type="password"
        autoComplete="off"
        value={clientSecret}
        onChange={(event) => setClientSecret(event.target.value)}
      />
      <TextField
        label={t('accounts:sso.domains')}
        description={t('accounts:sso.domainsHelp')}
        value={domains}
        onChange={(event) => setDomains(event.target.value)}
        isRequired
      />
      <RadioGroup
        label={t('accounts:sso.defaultRole')}
        orientation="horizontal"
        value={defaultRole}
        onChange={(value) => setDefaultRole(value as CustomerRole)}
        options={customerRoles.map((value) => ({ value, label: t(`accounts:roles.${value}`) }))}
      />
      <Checkbox
        label={t('accounts:sso.invitationOnly')}
        description={t('accounts:sso.invitationOnlyHelp')}
        isSelected={invitationOnly}
        onChange={setInvitationOnly}
      />
      <Checkbox
        label={t('accounts:sso.requireSso')}
        description={t('accounts:sso.requireSsoHelp')}
        isSelected={requireSso}
        onChange={setRequireSso}
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={save.isPending} pendingLabel={t('accounts:saving')}>
          {t('accounts:save')}
        </Button>
      </div>
    </form>
  );
}
