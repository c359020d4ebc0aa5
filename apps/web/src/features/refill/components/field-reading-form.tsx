import { useRef, useState, type FormEvent } from 'react';
import type { DrumSummary } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { NumberInput } from '@portal/ui/number-input';
import { useTranslation } from '@/lib/i18n';
import { usePendingReadings } from '../hooks/use-pending-readings';
import { PendingReadingList } from './pending-reading-list';
import { useRefillFormat } from '../hooks/use-refill-format';
import type { PendingReading } from '../lib/pending-readings';
import styles from './field.module.css';

/**
 * The reading a person takes standing by the drum, first on its page: what is left, in metres,
 * dated when it is saved. It is kept on the device before anything is sent, so no signal loses
 * nothing; the readings not yet on the server are listed under it, waiting or refused with the
 * server's reason, a refused one to fix (back into the field, then saved again) or discard.
 */
export function FieldReadingForm({ drum }: { drum: DrumSummary }) {
  const { t } = useTranslation(['refill', 'errors']);
  const f = useRefillFormat();
  const { readings, add, discard } = usePendingReadings({ drumId: drum.id });
  const [remainingM, setRemainingM] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A refused reading being fixed keeps the time it was taken, unless it was refused for its age.
  const [fixedReadAt, setFixedReadAt] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

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
    setFixedReadAt(null);
    void add({
      drumId: drum.id,
      serial: drum.serial,
      publicCode: drum.publicCode,
      remainingM,
      readAt: fixedReadAt ?? new Date().toISOString(),
    });
  };

  const fix = (reading: PendingReading) => {
    setRemainingM(reading.remainingM);
    setFixedReadAt(reading.errorCode === 'reading.too_old' ? null : reading.readAt);
    void discard(reading.key);
    field.current?.focus();
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
          ref={field}
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
      <PendingReadingList
        readings={readings}
        onFix={fix}
        onDiscard={(reading) => void discard(reading.key)}
      />
    </section>
  );
}
