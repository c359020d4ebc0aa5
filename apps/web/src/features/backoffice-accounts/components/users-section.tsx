import { useTranslation } from 'react-i18next';
import type { AccountDetail } from '@portal/contract';
import styles from './accounts.module.css';

/** The account's users with their role; suspended and awaiting approval marked. */
export function UsersSection({ account }: { account: AccountDetail }) {
  const { t, i18n } = useTranslation('accounts');
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
    </section>
  );
}
