import styles from './badge.module.css';

export interface BadgeProps {
  value: number;
  /** Above this, the badge shows "max+". Default 99. */
  max?: number;
  tone?: 'primary' | 'destructive' | 'success' | 'warning' | 'neutral';
  /** Show the badge when the value is 0 (hidden by default). */
  showZero?: boolean;
  /**
   * Accessible text, e.g. "3 items in the cart". Without it the badge is read as its number,
   * which rarely makes sense alone.
   */
  label?: string;
  className?: string;
}

/** Values above `max` show `max+`. */
export function formatBadgeValue(value: number, max: number): string {
  return value > max ? `${max}+` : String(value);
}

/** A small count. */
export function Badge({
  value,
  max = 99,
  tone = 'primary',
  showZero = false,
  label,
  className,
}: BadgeProps) {
  if (value <= 0 && !showZero) return null;
  return (
    <span
      className={className ? `${styles.badge} ${className}` : styles.badge}
      data-tone={tone}
      role={label ? 'status' : undefined}
      aria-label={label}
    >
      {formatBadgeValue(value, max)}
    </span>
  );
}
