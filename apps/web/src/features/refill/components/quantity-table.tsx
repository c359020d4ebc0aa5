import { useTranslation } from 'react-i18next';
import type { QuantityGraph } from '@portal/contract';
import { useRefillFormat } from '../hooks/use-refill-format';
import styles from './refill.module.css';

/** The graph's text alternative: every reading, and whether it was under a threshold. */
export function QuantityTable({ graph, caption }: { graph: QuantityGraph; caption: string }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  return (
    <table className={styles.plainTable}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('graph.date')}</th>
          <th scope="col">{t('graph.remaining')}</th>
          <th scope="col">{t('graph.level')}</th>
        </tr>
      </thead>
      <tbody>
        {graph.points.map((point) => (
          <tr key={point.at}>
            <td>{f.dateTime(point.at)}</td>
            <td>{f.metres(point.remainingM)}</td>
            <td>
              {point.remainingM <= graph.criticalM
                ? t('status.critical')
                : point.remainingM <= graph.thresholdM
                  ? t('status.low')
                  : t('status.ok')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
