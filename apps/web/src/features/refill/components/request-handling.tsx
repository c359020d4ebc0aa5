import {
  customerActions,
  type Collection,
  type RefillRequest,
  type WorkItemKind,
} from '@portal/contract';
import { useAbility } from '@/lib/ability';
import { ConfirmButton } from '@/lib/confirm-button';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { ItemTimeline } from '@/lib/item-timeline';
import { useCancelCollection } from '../api/cancel-collection';
import { useCancelRefillRequest } from '../api/cancel-refill-request';
import { useRefillFormat } from '../hooks/use-refill-format';
import styles from './refill.module.css';

type Handled = Pick<RefillRequest, 'turn' | 'handledBy' | 'statusReason' | 'timeline'>;

/**
 * Where an item stands: whose turn, who handles it, why it was cancelled, the customer's
 * cancellation while the item's state allows it, and its timeline.
 */
function ItemHandling({
  item,
  kind,
  cancel,
}: {
  item: Handled;
  kind: WorkItemKind;
  /** Shown while the customer may still cancel. */
  cancel: {
    isPending: boolean;
    mutate: (v: undefined, o: { onError: (e: unknown) => void }) => void;
  } | null;
}) {
  const { t } = useTranslation(['refill', 'common', 'errors']);
  const f = useRefillFormat();
  return (
    <section aria-labelledby="request-handling" className={styles.stack}>
      <h3 id="request-handling" className={styles.sectionTitle}>
        {item.turn ? t(`common:workflow.turn.${item.turn}`) : t('common:workflow.closed')}
      </h3>
      <p className={styles.muted}>
        {item.handledBy
          ? t('common:workflow.handledBy', { name: item.handledBy.name })
          : t('common:workflow.notHandled')}
      </p>
      {item.statusReason ? (
        <p>{t('common:workflow.reason', { reason: item.statusReason })}</p>
      ) : null}
      {cancel ? (
        <div>
          <ConfirmButton
            label={t('refill:handling.cancel')}
            isPending={cancel.isPending}
            onConfirm={() =>
              cancel.mutate(undefined, { onError: (error) => showErrorToasts(error, t) })
            }
          />
        </div>
      ) : null}
      <ItemTimeline
        events={item.timeline}
        formatDateTime={f.dateTime}
        formatDay={f.day}
        headingId="request-timeline"
        kind={kind}
      />
    </section>
  );
}

/** A refill request's handling; the customer may cancel it while its lifecycle allows. */
export function RequestHandling({ request }: { request: RefillRequest }) {
  const canOrder = useAbility().can('order', 'refill');
  const cancel = useCancelRefillRequest(request.id);
  return (
    <ItemHandling
      item={request}
      kind="refill_request"
      cancel={
        customerActions('refill_request', request.status).includes('cancel') && canOrder
          ? cancel
          : null
      }
    />
  );
}

/** A drum collection's handling; the customer may cancel it while its lifecycle allows. */
export function CollectionHandling({ collection }: { collection: Collection }) {
  const canOrder = useAbility().can('order', 'refill');
  const cancel = useCancelCollection(collection.id);
  return (
    <ItemHandling
      item={collection}
      kind="collection"
      cancel={
        customerActions('collection', collection.status).includes('cancel') && canOrder
          ? cancel
          : null
      }
    />
  );
}
