import { statusTone, type WorkItemKind } from '@portal/contract';
import { useTranslation } from './i18n';
import styles from './status-badge.module.css';

/**
 * A lifecycle status as a badge: its colour comes from the lifecycle's tone table and always
 * comes with its word. Every screen that shows a request's, a quote's or a collection's status
 * draws it with this badge, on the customer's side and the provider's.
 */
export function StatusBadge({
  kind,
  status,
  children,
}: {
  kind: WorkItemKind;
  status: string;
  /** The status's word in the page's language. */
  children: string;
}) {
  return (
    <span className={styles.badge} data-tone={statusTone(kind, status)}>
      {children}
    </span>
  );
}

/**
 * The word of a lifecycle status, one per state for both sides (`common:workflow.status`): a
 * state the lifecycle gains is named once and shows on the customer's screens and the staff's.
 */
export function useStatusLabel(): (kind: WorkItemKind, status: string) => string {
  const { t } = useTranslation('common');
  return (kind, status) => t(`common:workflow.status.${kind}.${status}`);
}

/** A lifecycle status as its badge with its word, the same on every screen. */
export function WorkflowStatus({ kind, status }: { kind: WorkItemKind; status: string }) {
  const label = useStatusLabel();
  return (
    <StatusBadge kind={kind} status={status}>
      {label(kind, status)}
    </StatusBadge>
  );
}
