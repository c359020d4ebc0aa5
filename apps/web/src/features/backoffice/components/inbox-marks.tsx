import type { InboxItem } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import styles from './backoffice.module.css';

/** The overdue and unread marks of an inbox row: each a word, never a colour alone. */
export function InboxMarks({ item }: { item: InboxItem }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      {item.overdue ? (
        <span className={styles.mark} data-tone="error">
          {t('marks.overdue')}
        </span>
      ) : null}
      {item.unread ? (
        <span className={styles.mark} data-tone="primary">
          {t('marks.unread')}
        </span>
      ) : null}
    </>
  );
}
