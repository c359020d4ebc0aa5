import { customerRoles, type AccountDetail, type CustomerRole } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useInviteUser } from '../api/account-mutations';
import styles from './accounts.module.css';
import { PersonForm } from './person-form';

/** Codes shown under the address instead of as a toast. */
const addressCodes = new Set([
  'team.already_member',
  'team.already_invited',
  'team.member_elsewhere',
  'team.address_invited_too_often',
]);

/** Invites someone into the account, its first admin usually, in their language. */
function InviteUserForm({ accountId }: { accountId: string }) {
  const { t } = useTranslation('accounts');
  const invite = useInviteUser();
  return (
    <PersonForm<CustomerRole>
      title={t('users.inviteTitle')}
      titleId="invite-title"
      roles={customerRoles.map((value) => ({ value, label: t(`roles.${value}`) }))}
      defaultRole="admin"
      submitLabel={t('users.invite')}
      isPending={invite.isPending}
      addressCodes={addressCodes}
      onSubmit={async (person) => {
        const invitation = await invite.mutateAsync({ accountId, ...person, siteIds: null });
        toaster.show({ type: 'success', title: t('users.invited', { email: invitation.email }) });
      }}
    />
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
