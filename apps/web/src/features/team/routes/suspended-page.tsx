import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import styles from '../components/team.module.css';

/** Where a suspended user's old session lands: why they are out, and whom to ask. */
export default function SuspendedPage() {
  const { t } = useTranslation(['team', 'errors']);
  return (
    <section className={styles.page} aria-labelledby="suspended-title">
      <h1 id="suspended-title">{t('team:suspended.title')}</h1>
      <p>{t('errors:auth.suspended')}</p>
      <p>
        <a href={paths.auth}>{t('team:suspended.toSignIn')}</a>
      </p>
    </section>
  );
}
