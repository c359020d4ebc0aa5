import { Button } from '@portal/ui/button';
import { ConfirmButton } from '@/lib/confirm-button';
import { useTranslation } from '@/lib/i18n';
import { useRefillFormat } from '../hooks/use-refill-format';
import type { PendingReading } from '../lib/pending-readings';
import styles from './field.module.css';

/**
 * The readings of a drum not yet on the server: waiting to be sent, or refused with the
 * server's reason, a refused one to fix (when the drum can still take one) or discard.
 */
export function PendingReadingList({
  readings,
  onFix,
  onDiscard,
}: {
  readings: readonly PendingReading[];
  /** Puts a refused reading back into the field; absent where there is no field. */
  onFix?: ((reading: PendingReading) => void) | undefined;
  onDiscard: (reading: PendingReading) => void;
}) {
  const { t } = useTranslation(['refill', 'errors']);
  const f = useRefillFormat();
  // An out-of-range length is said as the field says it, not as "some fields are not valid".
  const reasonOf = (reading: PendingReading) =>
    reading.errorField === 'remainingM'
      ? t('reading.errors.range')
      : t(`errors:${reading.errorCode ?? 'request.invalid'}`);
  return (
    <div aria-live="polite">
      {readings.length > 0 ? (
        <ul className={styles.pending} aria-label={t('field.pendingTitle')}>
          {readings.map((reading) => (
            <li
              key={reading.key}
              className={styles.pendingItem}
              data-refused={reading.errorCode ? true : undefined}
            >
              <span>
                {t('field.pendingReading', {
                  length: f.metres(reading.remainingM),
                  time: f.dateTime(reading.readAt),
                })}
              </span>
              {!reading.errorCode ? (
                <strong>{t('field.waiting')}</strong>
              ) : (
                <>
                  <strong>{t('field.refused', { reason: reasonOf(reading) })}</strong>
                  <span className={styles.pendingActions}>
                    {onFix ? (
                      <Button size="large" variant="outlined" onPress={() => onFix(reading)}>
                        {t('field.fix')}
                      </Button>
                    ) : null}
                    <ConfirmButton
                      size="large"
                      label={t('field.discard')}
                      onConfirm={() => onDiscard(reading)}
                    />
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
