import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui/button';
import { RadioGroup } from '@portal/ui/radio';
import { TextField } from '@portal/ui/text-field';
import {
  customerRoles,
  type AccountDetail,
  type CustomerRole,
  type Language,
} from '@portal/contract';
import { ApiRequestError } from '@/lib/api-client';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { toaster } from '@/lib/toaster';
import { useInviteUser } from '../api/account-mutations';
import styles from './accounts.module.css';

/** Codes shown under the address instead of as a toast. */
const addressCodes = new Set([
  'team.already_member',
  'team.already_invited',
  'team.member_elsewhere',
]);

/** Invites someone into the account, its first admin usually, in their language. */
function InviteUserForm({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation(['accounts', 'errors']);
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CustomerRole>('admin');
  const [locale, setLocale] = useState<Language>(i18n.language === 'en' ? 'en' : 'fr');
  const [emailError, setEmailError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setEmailError(undefined);
    invite.mutate(
      { accountId, email, role, locale, siteIds: null },
      {
        onSuccess: (invitation) => {
          toaster.show({
            type: 'success',
            title: t('accounts:users.invited', { email: invitation.email }),
          });
          setEmail('');
        },
        onError: (error) => {
          const code = error instanceof ApiRequestError ? error.body?.message : undefined;
          const field = fieldErrorCodes(error).email;
          if (code && addressCodes.has(code)) setEmailError(t(`errors:${code}`));
          else if (field) setEmailError(t(`errors:${field}`));
          else showErrorToasts(error, t);
        },
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
      <h3 id="invite-title">{t('accounts:users.inviteTitle')}</h3>
      <TextField
        label={t('accounts:users.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        errorText={emailError}
        isRequired
      />
      <RadioGroup
        label={t('accounts:users.role')}
        orientation="horizontal"
        value={role}
        onChange={(value) => setRole(value as CustomerRole)}
        options={customerRoles.map((value) => ({ value, label: t(`accounts:roles.${value}`) }))}
      />
      <RadioGroup
        label={t('accounts:users.language')}
        orientation="horizontal"
        value={locale}
        onChange={(value) => setLocale(value as Language)}
        options={[
          { value: 'fr', label: t('accounts:users.languages.fr') },
          { value: 'en', label: t('accounts:users.languages.en') },
        ]}
      />
      <div>
        <Button type="submit" isPending={invite.isPending} pendingLabel={t('accounts:saving')}>
          {t('accounts:users.invite')}
        </Button>
      </div>
    </form>
  );
}

/** The account's users with their role; suspended and awaiting approval marked; invite one. */
export function UsersSection({ account, canEdit }: { account: AccountDetail; canEdit: boolean }) {
  const { t, i18n } = useTranslation(['accounts', 'errors']);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section className={styles.section} aria-labelledby="users-title">
      <h2 id="users-title">{t('users.title', { count: account.users.length })}</h2>
      {account.users.length === 0 ? <p>{t('users.none')}</p> : null}
      <ul className={styles.list}>
        {account.users.map((user) => (
          <li key={user.id} className={styles.row}>
            <div className={styles.who}>
              <strong>{user.email}</strong>
              <span className={styles.muted}>
                {t(`roles.${user.role}`)}
                {user.suspended ? ` · ${t('users.suspended')}` : ''}
                {user.pendingApproval ? ` · ${t('users.pendingApproval')}` : ''}
                {' · '}
                {user.lastSignInAt
                  ? t('users.lastSignIn', { date: date.format(new Date(user.lastSignInAt)) })
                  : t('users.neverSignedIn')}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {canEdit ? <InviteUserForm accountId={account.id} /> : null}
    </section>
  );
}
