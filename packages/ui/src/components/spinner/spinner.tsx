import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Read by screen readers; the spinner is silent when omitted (e.g. inside a labelled button). */
  label?: string;
  size?: 'small' | 'medium' | 'large';
}

/** An indeterminate progress indicator. */
export function Spinner({ label, size = 'medium' }: SpinnerProps) {
  if (!label) return <span className={styles.spinner} data-size={size} aria-hidden="true" />;
  return <span className={styles.spinner} data-size={size} role="progressbar" aria-label={label} />;
}

/**
 * A spinner centred in the space of the content it stands for (a lazy screen, a list). It marks
 * itself `data-pending-content`: a frame can hide what the arriving content will push (a footer),
 * so the page does not visibly shift.
 */
export function CenteredSpinner({ label, size = 'large' }: SpinnerProps & { label: string }) {
  return (
    <div className={styles.centered} role="status" data-pending-content="">
      <Spinner label={label} size={size} />
    </div>
  );
}

/** Covers the whole page, e.g. while the session is checked. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.fullPage} role="status">
      <Spinner label={label} size="large" />
    </div>
  );
}
