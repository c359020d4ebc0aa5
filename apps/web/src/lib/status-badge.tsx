import { statusTone, type WorkItemKind } from '@portal/contract';
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
