import { useState } from 'react';
import type { StaffTransitionRequest, WorkItemDetail } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { ConfirmButton } from '@/lib/confirm-button';
import { DayField } from '@/lib/kit-fields';
import { useTranslation } from '@/lib/i18n';
import styles from './backoffice.module.css';

/** Actions that need nothing more than a press (a collection's schedule needs its date). */
const simpleActions = new Set(['review', 'schedule', 'deliver', 'requote', 'collect']);

/**
 * The transitions staff may make from the item's state (the server's list): a button each; a
 * confirmation asks for the delivery date, a collection's schedule for the pickup date (the first
 * day the customer offered, to start with), a cancellation for its reason. The offer has its own
 * form.
 */
export function ItemActions({
  item,
  isPending,
  onTransition,
}: {
  item: WorkItemDetail;
  isPending: boolean;
  onTransition: (request: StaffTransitionRequest) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [deliveryDate, setDeliveryDate] = useState(item.refill?.deliveryDate ?? '');
  const [pickupDate, setPickupDate] = useState(item.collection?.timeSlots[0]?.date ?? '');
  const [reason, setReason] = useState('');
  const actions = item.actions.filter((action) => action !== 'offer');
  const schedulesPickup = item.kind === 'collection' && actions.includes('schedule');
  if (actions.length === 0) return <p className={styles.muted}>{t('item.noAction')}</p>;
  return (
    <div className={styles.stack}>
      <div className={styles.actions}>
        {actions
          .filter(
            (action) => simpleActions.has(action) && !(schedulesPickup && action === 'schedule'),
          )
          .map((action) => (
            <Button
              key={action}
              isPending={isPending}
              onPress={() => onTransition({ action } as StaffTransitionRequest)}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
      </div>
      {actions.includes('confirm') ? (
        <div className={styles.actions}>
          <DayField
            label={t('item.deliveryDate')}
            value={deliveryDate}
            onChange={setDeliveryDate}
            isRequired
          />
          <Button
            isPending={isPending}
            isDisabled={!deliveryDate}
            onPress={() => onTransition({ action: 'confirm', deliveryDate })}
          >
            {t('actions.confirm')}
          </Button>
        </div>
      ) : null}
      {schedulesPickup ? (
        <div className={styles.actions}>
          <DayField
            label={t('item.pickupDate')}
            value={pickupDate}
            onChange={setPickupDate}
            isRequired
          />
          <Button
            isPending={isPending}
            isDisabled={!pickupDate}
            onPress={() => onTransition({ action: 'schedule', pickupDate })}
          >
            {t('actions.schedulePickup')}
          </Button>
        </div>
      ) : null}
      {actions.includes('cancel') ? (
        <div className={styles.actions}>
          <TextField
            label={t('item.cancelReason')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            isRequired
          />
          <ConfirmButton
            label={t('actions.cancel')}
            isPending={isPending}
            isDisabled={!reason.trim()}
            onConfirm={() => onTransition({ action: 'cancel', reason })}
          />
        </div>
      ) : null}
    </div>
  );
}
