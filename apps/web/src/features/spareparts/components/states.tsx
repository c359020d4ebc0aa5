import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui/button';
import { CenteredSpinner } from '@portal/ui/spinner';
import styles from './spare-parts.module.css';

export function LoadingState() {
  const { t } = useTranslation('spareparts');
  return <CenteredSpinner label={t('common:loading')} />;
}

/** A failed list: said plainly, with a way to try again (never a blank area). */
export function ErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('spareparts');
  return (
    <div className={styles.empty} role="alert">
      <p>{t('states.error')}</p>
      <Button variant="outlined" onPress={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
