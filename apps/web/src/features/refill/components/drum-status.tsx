import type { CollectionStatus, DrumStatus, RefillRequest } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { WorkflowStatus } from '@/lib/status-badge';
import styles from './refill.module.css';

/** The tone of a status: its colour always comes with its word, never alone. */
export const statusTone = {
  ok: 'success',
  low: 'warning',
  critical: 'error',
  ordered: 'primary',
} as const satisfies Record<DrumStatus, 'success' | 'warning' | 'error' | 'primary'>;

export function DrumStatusLabel({ status }: { status: DrumStatus }) {
  const { t } = useTranslation('refill');
  return (
    <span className={styles.status} data-tone={statusTone[status]}>
      {t(`status.${status}`)}
    </span>
  );
}

export function ActiveAlertLabel({ level }: { level: 'low' | 'critical' | null }) {
  const { t } = useTranslation('refill');
  if (!level) return null;
  return (
    <span className={styles.alert} data-tone={level === 'critical' ? 'error' : 'warning'}>
      {t(`alertLevel.${level}`)}
    </span>
  );
}

/** The badge a drum with an open proposed refill wears on its card and its detail. */
export function ProposedLabel() {
  const { t } = useTranslation('refill');
  return (
    <span className={styles.status} data-tone="primary">
      {t('proposals.badge')}
    </span>
  );
}

/** A refill request's status as a badge, as a quote's is: its colour always comes with its word. */
export function RequestStatusLabel({ status }: { status: RefillRequest['status'] }) {
  return <WorkflowStatus kind="refill_request" status={status} />;
}

/** A drum collection's status as a badge. */
export function CollectionStatusLabel({ status }: { status: CollectionStatus }) {
  return <WorkflowStatus kind="collection" status={status} />;
}
