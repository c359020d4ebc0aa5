import type { QuoteStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import styles from './spare-parts.module.css';

const statusTone = {
  requested: 'primary',
  in_review: 'primary',
  offered: 'warning',
  accepted: 'success',
  declined: 'error',
  expired: 'error',
  withdrawn: 'error',
} as const satisfies Record<QuoteStatus, string>;

/** A quote's status: its colour always comes with its word. */
export function QuoteStatusLabel({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation('spareparts');
  return (
    <span className={styles.status} data-tone={statusTone[status]}>
      {t(`quoteStatus.${status}`)}
    </span>
  );
}
