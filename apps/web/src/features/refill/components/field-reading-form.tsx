import { useState, type FormEvent } from 'react';
import type { DrumSummary } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { NumberInput } from '@portal/ui/number-input';
import { ConfirmButton } from '@/lib/confirm-button';
import { useTranslation } from '@/lib/i18n';
import { usePendingReadings } from '../hooks/use-pending-readings';
import { useRefillFormat } from '../hooks/use-refill-format';
import type { PendingReading } from '../lib/pending-readings';
import styles from './field.module.css';

/**
 * The reading a person takes standing by the drum, first on its page: what is left, in metres,
 * dated when it is saved. It is kept on the device before anything is sent, so no signal loses
 * nothing; the readings not yet on the server are listed under it, waiting or refused with the
 * server's reason, a refused one to fix (back into the field) or discard.
 */
export function FieldReadingForm({ drum }: { drum: DrumSummary }) {
  const { t } = useTranslation(['refill', 'errors']);
  const f = useRefillFormat();
  const { readings, add, discard } = usePendingReadings(drum.id);
  const [remainingM, setRemainingM] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remainingM === null) {
      setError(t('reading.errors.required'));
      return;
    }
    if (remainingM < 0 || remainingM > drum.initialLengthM) {
      setError(t('reading.errors.range'));
      return;
    }
    setError(null);
    setRemainingM(null);
    void add({
      drumId: drum.id,
      serial: drum.serial,
      remainingM,
      readAt: new Date().toISOString(),
    });
  };

  const fix = (reading: PendingReading) => {
    setRemainingM(reading.remainingM);
    void discard(reading.key);
  };

  return (
    <section aria-labelledby="field-reading-title" className={styles.reading}>
      <h2 id="field-reading-title" className={styles.readingTitle}>
        {t('field.readingTitle')}
      </h2>
      <form noValidate onSubmit={onSubmit} className={styles.readingForm}>
        <NumberInput
          label={t('reading.remaining')}
          description={t('reading.remainingHelp', { max: f.metres(drum.initialLengthM) })}
          unit={t('units.m')}
          value={remainingM}
          onChange={setRemainingM}
          min={0}
          max={drum.initialLengthM}
          isRequired
          errorText={error ?? undefined}
          decimalSeparator={f.language === 'fr' ? ',' : '.'}
          className={styles.lengthField}
        />
        <Button type="submit" size="large" className={styles.save}>
          {t('field.save')}
        </Button>
      </form>
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
                    <strong>
                      {t('field.refused', {
                        reason: t(`errors:${reading.errorCode ?? 'request.invalid'}`),
                      })}
                    </strong>
                    <span className={styles.pendingActions}>
                      <Button size="large" variant="outlined" onPress={() => fix(reading)}>
                        {t('field.fix')}
                      </Button>
                      <ConfirmButton
                        size="large"
                        label={t('field.discard')}
                        onConfirm={() => void discard(reading.key)}
                      />
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
