import { Link } from 'react-router';
import { hasRefillUnderway } from '@portal/contract';
import { buttonLook } from '@portal/ui/button';
import { useAbility } from '@/lib/ability';
import { newRequestUrl } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { useAccountDrums } from '../api/get-account-drums';
import styles from './calculator.module.css';

export interface RequestRefillWithThisProps {
  /** Reference of the catalogue cable of the calculation. */
  cable: string | null;
  /** Code of the standard drum of the calculation, when one is chosen. */
  drum: string | null;
}

/**
 * "Request a refill with this": the account's drums of the calculated cable (and drum type, when
 * chosen) not already ordered, chosen in the refill request form. Shown to buyers when such
 * drums exist; a calculation of a cable the account has no drum of starts nothing.
 */
export function RequestRefillWithThis({ cable, drum }: RequestRefillWithThisProps) {
  const { t } = useTranslation('calculator');
  const canOrder = useAbility().can('order', 'refill');
  const drums = useAccountDrums(canOrder && cable !== null);
  if (!canOrder || !cable) return null;
  const matching = (drums.data?.drums ?? []).filter(
    (candidate) =>
      candidate.product.reference === cable &&
      (!drum || candidate.drumType.code === drum) &&
      !hasRefillUnderway(candidate.status),
  );
  if (matching.length === 0) return null;
  return (
    <section className={styles.saveReading} aria-labelledby="calculator-refill-title">
      <h3 id="calculator-refill-title" className={styles.saveReadingTitle}>
        {t('actions.heading')}
      </h3>
      <p className={styles.saveReadingHint}>
        {t('actions.refillHint', {
          count: matching.length,
          cable,
          serials: matching.map((candidate) => candidate.serial).join(', '),
        })}
      </p>
      <Link
        {...buttonLook({ variant: 'outlined', className: styles.saveReadingButton })}
        to={newRequestUrl(matching.map((candidate) => candidate.id))}
      >
        {t('actions.requestRefill')}
      </Link>
    </section>
  );
}
