import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui/button';
import { PageHeader } from '@portal/ui/page-header';

/**
 * The refill screen's title, description and "request a refill" button (hidden while the request
 * form is open: `onStartRequest` null). Also what the server shows before the scripts.
 */
export function RefillPageHeader({ onStartRequest }: { onStartRequest: (() => void) | null }) {
  const { t } = useTranslation('refill');
  return (
    <PageHeader
      title={t('title')}
      description={t('description')}
      actions={
        onStartRequest ? (
          <Button tone="destructive" onPress={onStartRequest} data-request-start="">
            {t('request.start')}
          </Button>
        ) : null
      }
    />
  );
}
