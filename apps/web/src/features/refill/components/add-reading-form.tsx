import { useState, type FormEvent } from 'react';
import type { DrumSummary } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { DatePicker } from '@portal/ui/date-picker';
import { NumberInput } from '@portal/ui/number-input';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useDatePickerLabels } from '@/lib/kit-labels';
import { useCreateReading } from '../api/create-reading';
import { useDateLocale } from '../hooks/use-date-locale';
import { useRefillFormat } from '../hooks/use-refill-format';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import styles from './refill.module.css';
import { checkRequiredNumber, REQUIRED } from '@/lib/form-rules';

interface ReadingErrors {
  remainingM?: string;
  readAt?: string;
}

/** Checks a manual reading before it is sent: a length the drum can hold, a time not to come. */
export function validateReading(
  remainingM: number | null,
  readAt: Date | null,
  initialLengthM: number,
  now: Date = new Date(),
): ReadingErrors {
  const errors: ReadingErrors = {};
  const missing = checkRequiredNumber(remainingM);
  if (missing) errors.remainingM = missing;
  else if (remainingM === null || remainingM < 0 || remainingM > initialLengthM)
    errors.remainingM = 'reading.errors.range';
  if (!readAt) errors.readAt = REQUIRED;
  else if (readAt.getTime() > now.getTime()) errors.readAt = 'reading.errors.future';
  return errors;
}

/** "Add a reading": what a person measured on the drum, and when. */
export function AddReadingForm({ drum }: { drum: DrumSummary }) {
  const { t } = useTranslation(['refill', 'errors']);
  const f = useRefillFormat();
  const dateLocale = useDateLocale();
  const datePickerLabels = useDatePickerLabels('refill');
  const mutation = useCreateReading(drum.id);
  const [remainingM, setRemainingM] = useState<number | null>(null);
  const [readAt, setReadAt] = useState<Date | null>(() => new Date());
  const [errors, setErrors] = useState<ReadingErrors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);

  const check = (nextRemaining: number | null, nextReadAt: Date | null) => {
    if (wasSubmitted) setErrors(validateReading(nextRemaining, nextReadAt, drum.initialLengthM));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    const found = validateReading(remainingM, readAt, drum.initialLengthM);
    setErrors(found);
    if (found.remainingM || found.readAt || remainingM === null || !readAt) return;
    mutation.mutate(
      { remainingM, readAt: readAt.toISOString() },
      {
        onSuccess: () => {
          toaster.show({
            type: 'success',
            title: t('common:success'),
            description: t('reading.saved', { serial: drum.serial }),
          });
          setRemainingM(null);
          setWasSubmitted(false);
          setErrors({});
        },
        onError: (error) => {
          const fields = fieldErrorCodes(error);
          if (fields.remainingM || fields.readAt) {
            setErrors({
              remainingM: fields.remainingM ? `errors:${fields.remainingM}` : undefined,
              readAt: fields.readAt ? `errors:${fields.readAt}` : undefined,
            });
          }
          showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <section aria-labelledby="add-reading-title" className={styles.stack}>
      <h3 id="add-reading-title" className={styles.sectionTitle}>
        {t('reading.title')}
      </h3>
      <form noValidate onSubmit={onSubmit} className={styles.formRow}>
        <NumberInput
          label={t('reading.remaining')}
          description={t('reading.remainingHelp', { max: f.metres(drum.initialLengthM) })}
          unit={t('units.m')}
          value={remainingM}
          onChange={(value) => {
            setRemainingM(value);
            check(value, readAt);
          }}
          min={0}
          max={drum.initialLengthM}
          isRequired
          errorText={errors.remainingM ? t(errors.remainingM) : undefined}
        />
        <DatePicker
          label={t('reading.readAt')}
          hasTime
          value={readAt}
          onChange={(value) => {
            setReadAt(value);
            check(remainingM, value);
          }}
          maxDate={new Date()}
          locale={dateLocale}
          labels={datePickerLabels}
          isRequired
          errorText={errors.readAt ? t(errors.readAt) : undefined}
        />
        <Button type="submit" isPending={mutation.isPending} pendingLabel={t('reading.saving')}>
          {t('reading.submit')}
        </Button>
      </form>
    </section>
  );
}
