import type { ReactNode } from 'react';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  /** The screen's `h1`. */
  title: string;
  description?: ReactNode;
  /** The screen's main actions (buttons), at the end of the header; they wrap under at 320 px. */
  actions?: ReactNode;
  className?: string;
}

/** The top of a screen: its title, a description and its actions (no breadcrumb). */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={className ? `${styles.header} ${className}` : styles.header}>
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
