import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import styles from './calculator.module.css';

export interface ResultItem {
  id: string;
  label: string;
  value: string;
  /** How the value was obtained, e.g. the formula with the numbers. */
  explanation?: string;
  isMain?: boolean;
}

/** Pause before the results are read out, so a screen reader does not speak every keystroke. */
export const ANNOUNCE_DELAY_MS = 800;

interface ResultListProps {
  heading: string;
  items: ResultItem[];
  /** Shown instead of the results while the inputs are incomplete or invalid. */
  emptyText?: string;
  /** The sentence read out politely once the results settle. */
  announcement: string;
}

/** The results of a mode, and a polite live region that announces them once typing pauses. */
export function ResultList({ heading, items, emptyText, announcement }: ResultListProps) {
  const { t } = useTranslation('calculator');
  const spoken = useDebouncedValue(announcement, ANNOUNCE_DELAY_MS);
  const headingId = useId();
  return (
    <section className={styles.results} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.resultsHeading}>
        {heading}
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{emptyText ?? t('results.incomplete')}</p>
      ) : (
        <dl className={styles.resultList}>
          {items.map((item) => (
            <div key={item.id} className={styles.result} data-main={item.isMain || undefined}>
              <dt className={styles.resultLabel}>{item.label}</dt>
              <dd className={styles.resultValue}>{item.value}</dd>
              {item.explanation ? <dd className={styles.explanation}>{item.explanation}</dd> : null}
            </div>
          ))}
        </dl>
      )}
      <p className={styles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    </section>
  );
}
