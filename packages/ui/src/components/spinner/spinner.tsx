import { useEffect, useState } from 'react';
import styles from './spinner.module.css';

/**
 * How long a placeholder waits before it draws its spinner: a load shorter than this shows none
 * flashing by, and the page draws no frame for it (an animation redraws the screen at every
 * frame while it runs). The same default as the spin-delay library's.
 */
export const PLACEHOLDER_SPINNER_DELAY_MS = 500;

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
 * so the page does not visibly shift. Its status and label are there at once; the spinner is
 * drawn after `delayMs`, in the place kept for it (`data-waiting` until then).
 */
export function CenteredSpinner({
  label,
  size = 'large',
  delayMs = PLACEHOLDER_SPINNER_DELAY_MS,
}: SpinnerProps & { label: string; delayMs?: number }) {
  const [isWaiting, setIsWaiting] = useState(delayMs > 0);
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(() => setIsWaiting(false), delayMs);
    return () => clearTimeout(timer);
  }, [isWaiting, delayMs]);
  return (
    <div
      className={styles.centered}
      role="status"
      data-pending-content=""
      data-waiting={isWaiting ? '' : undefined}
    >
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
