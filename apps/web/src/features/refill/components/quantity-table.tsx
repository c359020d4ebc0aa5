import { useTranslation } from 'react-i18next';
import type { QuantityGraph } from '@portal/contract';
import { useRefillFormat } from '../hooks/use-refill-format';
import { ReadingSourceLabel, batteryText, signalText } from './reading-freshness';
import styles from './refill.module.css';

/**
 * The graph's text alternative: every reading, manual or sensor, whether it was under a
 * threshold, and the battery and signal a sensor sent with it.
 */
export function QuantityTable({ graph, caption }: { graph: QuantityGraph; caption: string }) {
  const { t } = useTranslation('refill');
  const f = useRefillFormat();
  return (
    // Six columns do not fit 320 px: the table scrolls sideways in its own box, with the
    // browser's own scroll bar in sight (the kit's scroll area hides it and draws a vertical
    // thumb only), so the page itself never scrolls sideways.
    // WCAG 2.1.1: a scrollable region must be reachable by keyboard to be scrolled.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.plainTable}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('graph.date')}</th>
            <th scope="col">{t('graph.remaining')}</th>
            <th scope="col">{t('graph.level')}</th>
            <th scope="col">{t('graph.source')}</th>
            <th scope="col">{t('freshness.battery')}</th>
            <th scope="col">{t('freshness.signal')}</th>
          </tr>
        </thead>
        <tbody>
          {graph.points.map((point) => (
            <tr key={`${point.at}-${point.source}`}>
              <td>{f.dateTime(point.at)}</td>
              <td>{f.metres(point.remainingM)}</td>
              <td>
                {point.remainingM <= graph.criticalM
                  ? t('status.critical')
                  : point.remainingM <= graph.thresholdM
                    ? t('status.low')
                    : t('status.ok')}
              </td>
              <td>
                <ReadingSourceLabel source={point.source} isShort />
              </td>
              <td>
                {point.source === 'sensor'
                  ? batteryText(point.battery, f, t('freshness.unknown'))
                  : ''}
              </td>
              <td>{point.source === 'sensor' ? signalText(point.signal, f, t) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
