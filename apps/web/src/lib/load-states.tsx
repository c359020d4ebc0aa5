import { Button } from '@portal/ui/button';
import { CenteredSpinner } from '@portal/ui/spinner';
import { errorMessageKey } from '@/lib/error-toasts';
import styles from './load-states.module.css';
import { useTranslation } from './i18n';

/** What a list or panel shows while its data loads. */
export function LoadingState() {
  const { t } = useTranslation(['common', 'errors']);
  return <CenteredSpinner label={t('common:loading')} />;
}

/**
 * A failed list: said plainly, with why (our side, or the connection) and a way to try again
 * (never a blank area).
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <div className={styles.failed} role="alert">
      <p>
        {t('common:states.error')} {t(errorMessageKey(error))}
      </p>
      <Button variant="outlined" onPress={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
