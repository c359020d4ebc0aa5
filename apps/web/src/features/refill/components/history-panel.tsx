import type { ReactNode } from 'react';
import { DetailHeader } from '@/lib/detail-header';
import { useTranslation } from '@/lib/i18n';
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
  /** Where the item stands (its status badge) and what the panel is for. */
  description: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('refill');
  return (
    <section aria-labelledby="conversation-title" className={styles.stack}>
      <DetailHeader
        titleId="conversation-title"
        title={title}
        subtitle={description}
        backLabel={t('conversation.back')}
        onBack={onClose}
      />
      {children}
    </section>
  );
}
