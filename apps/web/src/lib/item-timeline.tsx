import type { TimelineEvent, WorkItemKind } from '@portal/contract';
import styles from './item-timeline.module.css';
import { useTranslation } from './i18n';

export interface ItemTimelineProps {
  events: readonly TimelineEvent[];
  /** Writes an instant in the reader's language. */
  formatDateTime: (iso: string) => string;
  /** Writes a YYYY-MM-DD day in the reader's language. */
  formatDay: (isoDate: string) => string;
  /** The heading's id, for the section that labels itself with it. */
  headingId: string;
  /** The item's kind, where a step reads differently (a collection's schedule is a pickup's). */
  kind?: WorkItemKind;
}

/**
 * The steps of a refill request, a quote or a drum collection, oldest first: when, who (customer
 * service for the provider's staff, unless the reader is staff and sees names) and what, with the
 * reason, the delivery or pickup date or the PO number a step carries.
 */
export function ItemTimeline({
  events,
  formatDateTime,
  formatDay,
  headingId,
  kind,
}: ItemTimelineProps) {
  const { t } = useTranslation('common');
  return (
    <section aria-labelledby={headingId} className={styles.timeline}>
      <h3 id={headingId} className={styles.title}>
        {t('workflow.timeline')}
      </h3>
      <ol className={styles.steps}>
        {events.map((event) => {
          const details = event.details ?? {};
          const extra = [
            typeof details.reason === 'string'
              ? t('workflow.reason', { reason: details.reason })
              : null,
            typeof details.deliveryDate === 'string'
              ? t('workflow.deliveryDate', { date: formatDay(details.deliveryDate) })
              : null,
            typeof details.pickupDate === 'string'
              ? t('workflow.pickupDate', { date: formatDay(details.pickupDate) })
              : null,
            typeof details.collectedOn === 'string'
              ? t('workflow.collectedOn', { date: formatDay(details.collectedOn) })
              : null,
            typeof details.poNumber === 'string'
              ? t('workflow.poNumber', { poNumber: details.poNumber })
              : null,
            typeof details.validUntil === 'string'
              ? t('workflow.validUntil', { date: formatDay(details.validUntil) })
              : null,
          ].filter(Boolean);
          return (
            <li key={event.id} className={styles.step} data-action={event.action}>
              <time dateTime={event.at} className={styles.when}>
                {formatDateTime(event.at)}
              </time>
              <span className={styles.what}>
                {t(
                  [
                    ...(kind ? [`workflow.kindActions.${kind}.${event.action}`] : []),
                    `workflow.actions.${event.action}`,
                  ],
                  { defaultValue: event.action },
                )}
              </span>
              <span className={styles.who}>
                {event.side === 'system'
                  ? t('workflow.system')
                  : (event.actor ?? t('workflow.customerService'))}
              </span>
              {extra.length ? <span className={styles.extra}>{extra.join(' · ')}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
