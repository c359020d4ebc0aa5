import styles from './progress.module.css';

/** Progress values are clamped to 0–100 %. Non-numbers count as 0. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? 100 : 0;
  return Math.min(100, Math.max(0, value));
}

export interface ProgressProps {
  /** Percentage; clamped to 0–100. */
  value: number;
  /** Accessible name (and visible label when `isLabelVisible`). */
  label: string;
  /** Shows the label and the percentage above the bar. */
  isLabelVisible?: boolean;
  /** Read instead of the percentage, e.g. "120 m of 500 m". Default "N%". */
  valueText?: string;
  tone?: 'primary' | 'success' | 'warning' | 'error';
  className?: string;
}

/** A determinate progress bar. */
export function Progress({
  value,
  label,
  isLabelVisible = false,
  valueText,
  tone = 'primary',
  className,
}: ProgressProps) {
  const percent = clampPercent(value);
  const text = valueText ?? `${Math.round(percent)}%`;
  return (
    <div
      className={className ? `${styles.progress} ${className}` : styles.progress}
      data-tone={tone}
    >
      {isLabelVisible ? (
        <div className={styles.header} aria-hidden="true">
          <span>{label}</span>
          <span>{text}</span>
        </div>
      ) : null}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className={styles.track}
      >
        <div className={styles.fill} style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}
