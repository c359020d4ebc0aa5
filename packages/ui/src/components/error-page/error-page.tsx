import type { ReactNode } from 'react';
import styles from './error-page.module.css';

export interface ErrorPageProps {
  /** The page's `h1`. */
  title: string;
  description?: ReactNode;
  /** Buttons, e.g. "Go back" and "Go home". */
  actions?: ReactNode;
  /** A decorative picture above the title (hidden from assistive technology). */
  illustration?: ReactNode;
  className?: string;
}

/** Layout of the not-found, not-authorized and generic error pages. */
export function ErrorPage({
  title,
  description,
  actions,
  illustration,
  className,
}: ErrorPageProps) {
  return (
    <section className={className ? `${styles.page} ${className}` : styles.page}>
      {illustration ? (
        <div className={styles.illustration} aria-hidden="true">
          {illustration}
        </div>
      ) : null}
      <h1 className={styles.title}>{title}</h1>
      {description ? <p className={styles.description}>{description}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}
