import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import styles from './grid.module.css';

export interface GridProps extends HTMLAttributes<HTMLDivElement> {
  /** Columns on a desktop (default 2); one column at tablet widths and below (under 1280 px). */
  columns?: number;
  /** Gap in pixels (default 24). */
  gap?: number;
  children?: ReactNode;
}

/** The layout grid. */
export function Grid({ columns = 2, gap = 24, className, style, children, ...rest }: GridProps) {
  return (
    <div
      className={className ? `${styles.grid} ${className}` : styles.grid}
      style={{ '--grid-columns': columns, '--grid-gap': `${gap}px`, ...style } as CSSProperties}
      data-columns={columns}
      {...rest}
    >
      {children}
    </div>
  );
}
