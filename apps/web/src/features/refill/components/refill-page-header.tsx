import { Link } from 'react-router';
import { Button, buttonLook } from '@portal/ui/button';
import { PageHeader } from '@portal/ui/page-header';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';

/**
 * The refill screen's title, description, the way to the drum calculator and the "request a
 * refill" button (hidden while the request form is open: `onStartRequest` null). Also what the
 * server shows before the scripts.
 */
export function RefillPageHeader({ onStartRequest }: { onStartRequest: (() => void) | null }) {
  const { t } = useTranslation('refill');
  return (
    <PageHeader
      title={t('title')}
      description={t('description')}
      actions={
        <>
          <Link {...buttonLook({ variant: 'outlined' })} to={paths.calculator}>
            {t('common:screens.calculator')}
          </Link>
          {onStartRequest ? (
            <Button onPress={onStartRequest} data-request-start="">
              {t('request.start')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
