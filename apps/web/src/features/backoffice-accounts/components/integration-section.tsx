import { useMemo } from 'react';
import type { AccountDetail } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { ApiKeysPanel } from '@/lib/integration/api-keys-panel';
import { DevicesPanel } from '@/lib/integration/devices-panel';
import { accountIntegration } from '@/lib/integration/integration-keys';
import styles from './accounts.module.css';

/**
 * The account's machine integration, as its admin sees it on their own page and through the
 * same panels: API keys and LoRaWAN sensors. Agents read; managers create and revoke keys and
 * map sensors.
 */
export function IntegrationSection({
  account,
  canEdit,
}: {
  account: AccountDetail;
  canEdit: boolean;
}) {
  const { t } = useTranslation('integration');
  const base = accountIntegration(account.id);
  const drums = useMemo(
    () =>
      account.drums
        .map((drum) => ({ id: drum.id, serial: drum.serial }))
        .sort((a, b) => a.serial.localeCompare(b.serial, undefined, { numeric: true })),
    [account.drums],
  );
  return (
    <section className={styles.section} aria-labelledby="integration-title">
      <h2 id="integration-title">{t('title')}</h2>
      <ApiKeysPanel base={base} canManage={canEdit} headingLevel={3} />
      <DevicesPanel base={base} drums={drums} canManage={canEdit} headingLevel={3} />
    </section>
  );
}
