import { useTranslation } from 'react-i18next';
import type { RefillRequest } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { useAbility } from '@/lib/ability';
import { showErrorToasts } from '@/lib/error-toasts';
import { ItemTimeline } from '@/lib/item-timeline';
import { useCancelRefillRequest } from '../api/cancel-refill-request';
import { useRefillFormat } from '../hooks/use-refill-format';
import styles from './refill.module.css';

/**
 * Where a refill request stands: whose turn, who handles it, why it was cancelled, the
 * cancellation while it is only submitted, and its timeline.
 */
export function RequestHandling({ request }: { request: RefillRequest }) {
  const { t } = useTranslation(['refill', 'common', 'errors']);
  const f = useRefillFormat();
  const canOrder = useAbility().can('order', 'refill');
  const cancel = useCancelRefillRequest(request.id);
  return (
    <section aria-labelledby="request-handling" className={styles.stack}>
      <h3 id="request-handling" className={styles.sectionTitle}>
        {request.turn ? t(`common:workflow.turn.${request.turn}`) : t('common:workflow.closed')}
      </h3>
      <p className={styles.muted}>
        {request.handledBy
          ? t('common:workflow.handledBy', { name: request.handledBy.name })
          : t('common:workflow.notHandled')}
      </p>
      {request.statusReason ? (
        <p>{t('common:workflow.reason', { reason: request.statusReason })}</p>
      ) : null}
      {request.status === 'submitted' && canOrder ? (
        <div>
          <Button
            variant="outlined"
            isPending={cancel.isPending}
            onPress={() =>
              cancel.mutate(undefined, { onError: (error) => showErrorToasts(error, t) })
            }
          >
            {t('refill:handling.cancel')}
          </Button>
        </div>
      ) : null}
      <ItemTimeline
        events={request.timeline}
        formatDateTime={f.dateTime}
        formatDay={f.day}
        headingId="request-timeline"
      />
    </section>
  );
}
