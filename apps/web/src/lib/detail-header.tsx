import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@portal/ui/button';
import styles from './detail-header.module.css';

export interface DetailHeaderProps {
  /** The id the detail's landmark is labelled by. */
  titleId: string;
  title: string;
  /** One line under the title (what the item is, its date, its status). */
  subtitle?: ReactNode;
  /** "Back to …": the list this detail replaced. */
  backLabel: string;
  onBack: () => void;
  /** Whether the title takes focus when the detail opens (false when a form inside takes it). */
  takesFocus?: boolean;
}

/**
 * The head of every detail screen: the way back flush with the title, the title, and its
 * subtitle right under it. The title takes focus when the detail opens, so a screen reader
 * announces the view that replaced the list.
 */
export function DetailHeader({
  titleId,
  title,
  subtitle,
  backLabel,
  onBack,
  takesFocus = true,
}: DetailHeaderProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takesFocus) heading.current?.focus();
    // Once, when the detail opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className={styles.header}>
      <Button variant="text" className={styles.back} onPress={onBack}>
        {backLabel}
      </Button>
      <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h2>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </div>
  );
}
