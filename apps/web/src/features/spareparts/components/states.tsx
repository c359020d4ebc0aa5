import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui/button';
import { CenteredSpinner } from '@portal/ui/spinner';
import { errorMessageKey } from '@/lib/error-toasts';
import styles from './spare-parts.module.css';

export function LoadingState() {
  const { t } = useTranslation(['spareparts', 'errors']);
  return <CenteredSpinner label={t('common:loading')} />;
}

/**
 * A failed list: said plainly, with why (our side, or the connection) and a way to try again
 * (never a blank area).
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['spareparts', 'errors']);
  return (
    <div className={styles.empty} role="alert">
      <p>
        {t('states.error')} {t(errorMessageKey(error))}
      </p>
      <Button variant="outlined" onPress={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
