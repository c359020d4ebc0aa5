import { lazy, Suspense } from 'react';
import { PageHeader } from '@portal/ui/page-header';
import { CenteredSpinner } from '@portal/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { ApiKeysPanel } from '@/lib/integration/api-keys-panel';
import { DevicesPanel } from '@/lib/integration/devices-panel';
import { ownIntegration } from '@/lib/integration/integration-keys';
import styles from '@/lib/integration/integration.module.css';
import { useAccountDrums } from '../api/get-account-drums';
import { ConnectGuide } from '../components/connect-guide';

// Below the keys and sensors: it loads with the page, outside what its first paint waits for.
const WebhookEndpoints = lazy(() =>
  import('../components/webhook-endpoints').then((module) => ({
    default: module.WebhookEndpoints,
  })),
);

/**
 * /integration, the account admin's page for machines: API keys, LoRaWAN sensors, outgoing
 * webhooks and how to connect. The examples use the address the admin reached the portal at.
 */
export default function IntegrationPage() {
  const { t } = useTranslation(['integration', 'common']);
  const drums = useAccountDrums();
  // The route's error page says what failed.
  if (drums.isError) throw drums.error;
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} description={t('description')} />
      <ApiKeysPanel base={ownIntegration} canManage />
      <DevicesPanel base={ownIntegration} drums={drums.data} canManage />
      <Suspense fallback={<CenteredSpinner label={t('common:loading')} />}>
        <WebhookEndpoints />
      </Suspense>
      <ConnectGuide origin={window.location.origin} drumSerial={drums.data?.[0]?.serial} />
    </div>
  );
}
