import { useTranslation } from '@/lib/i18n';
import { useIsOnline } from '@/lib/use-is-online';
import styles from './shell.module.css';

/**
 * Says so while the device is offline: what is shown is the last data seen, and what is
 * entered waits to be sent. A polite live region, present from the start so that a screen
 * reader announces the change.
 */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const isOnline = useIsOnline();
  return (
    <div role="status" aria-live="polite" className={isOnline ? undefined : styles.offline}>
      {isOnline ? null : t('offline')}
    </div>
  );
}
