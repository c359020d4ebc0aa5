import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui/button';
import styles from './refill.module.css';

/**
 * An item of the request history opened in the list's place (not a dialog over it: the kit's
 * table and dialog together locked the browser in a render loop, and a panel reads as well at
 * 320 px): the way back, its title, which takes the focus so screen readers announce it, where
 * it stands, then the item's own content.
 */
export function HistoryPanel({
  title,
  description,
  onClose,
  children,
}: {
  title: string;
  description: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('refill');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="conversation-title" className={styles.stack}>
      <div>
        <Button variant="text" onPress={onClose}>
          {t('conversation.back')}
        </Button>
      </div>
      <h2 id="conversation-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.muted}>{description}</p>
      {children}
    </section>
  );
}
