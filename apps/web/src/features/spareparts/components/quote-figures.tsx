import type { Quote } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { usePartsFormat } from '../hooks/use-parts-format';
import styles from './spare-parts.module.css';

/**
 * A quote's figures as the server computed them (the same its mail, PDF and export state): the
 * subtotal and discount when there is one, the amount before tax, the tax and the total with tax.
 */
export function QuoteFigures({ quote }: { quote: Quote }) {
  const { t } = useTranslation('spareparts');
  const f = usePartsFormat();
  const figures = quote.figures;
  return (
    <dl className={styles.cardFacts} aria-label={t('quotes.figures', { number: quote.number })}>
      {figures.discountCents ? (
        <>
          <dt>{t('quotes.subtotal')}</dt>
          <dd className={styles.price}>{f.price(figures.subtotalCents)}</dd>
          <dt>{t('quotes.discount', { rate: f.rate(figures.discountBasisPoints) })}</dt>
          <dd className={styles.price}>{f.price(-figures.discountCents)}</dd>
        </>
      ) : null}
      <dt>{t('quotes.net')}</dt>
      <dd className={styles.price}>{f.price(figures.netCents)}</dd>
      <dt>{t('quotes.tax', { rate: f.rate(figures.taxRateBasisPoints) })}</dt>
      <dd className={styles.price}>{f.price(figures.taxCents)}</dd>
      <dt>{t('quotes.totalWithTax')}</dt>
      <dd className={`${styles.price} ${styles.total}`}>{f.price(figures.totalCents)}</dd>
    </dl>
  );
}
