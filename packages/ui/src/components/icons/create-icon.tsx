import type { ReactNode, SVGProps } from 'react';
import styles from './icons.module.css';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in pixels. */
  size?: number;
  /**
   * Accessible name. Icons are decorative (`aria-hidden`) by default because they sit beside a
   * visible text or inside a labelled button; give a label only to an icon that stands alone.
   */
  label?: string;
}

export type Tone = 'error' | 'success' | 'warning' | 'info';

// Pure: an icon nobody imports is dropped from the bundle instead of riding in every page.
/* @__NO_SIDE_EFFECTS__ */
export function createIcon(displayName: string, paths: ReactNode, tone?: Tone) {
  function Icon({ size = 20, label, className, ...rest }: IconProps) {
    const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        className={className ? `${styles.icon} ${className}` : styles.icon}
        data-tone={tone}
        {...a11y}
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}
