import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Profile } from '@portal/contract';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/date-time';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import styles from './backoffice.module.css';

/**
 * Staff who must add a passkey and hold none are asked to, from their first page, with the date
 * after which a mailed link alone no longer admits them.
 */
export function PasskeyReminder() {
  const { t, i18n } = useTranslation('backoffice');
  // The session's profile, read at boot: shown as it is, never fetched from here.
  const deadline = useQuery<Profile>({ queryKey: queryKeys.profile, enabled: false }).data
    ?.passkeyDeadline;
  if (!deadline) return null;
  return (
    <p role="status" className={styles.notice}>
      {t('passkeyReminder.text', { date: formatDateTime(deadline, i18n.language) })}{' '}
      <Link to={`${paths.account}#passkeys`}>{t('passkeyReminder.link')}</Link>
    </p>
  );
}
