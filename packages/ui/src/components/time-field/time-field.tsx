import { useState, type Ref } from 'react';
import { Field, FieldMessage, FieldSet, describedBy, useFieldIds, withClass } from '../field/field';
import styles from './time-field.module.css';

/** Two digits, a colon, two digits; hours 00–23, minutes 00–59. */
export function isValidTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59;
}

/** Minutes since midnight of a valid "HH:MM", else null. */
export function timeToMinutes(value: string): number | null {
  if (!isValidTime(value)) return null;
  const [hours, minutes] = value.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Keeps only digits and places the colon: "930" → "93:0", "0930" → "09:30". */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

export interface TimeFieldProps {
  /** Default "Hour". */
  label?: string;
  description?: string;
  /** Controlled "HH:MM" text (possibly partial while typing). */
  value?: string;
  defaultValue?: string;
  /** Called with the masked text on each change. */
  onChange?: (value: string) => void;
  onBlur?: () => void;
  errorText?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  /** Placeholder showing the format; default "HH:MM". */
  placeholder?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A time typed as HH:MM: digits only, the colon is added for you. A complete but impossible time
 * (e.g. 25:00) marks the field invalid; the message comes from `errorText`.
 */
export function TimeField({
  label = 'Hour',
  description,
  value,
  defaultValue = '',
  onChange,
  onBlur,
  errorText,
  isInvalid = false,
  isRequired = false,
  isDisabled = false,
  name,
  placeholder = 'HH:MM',
  className,
  ref,
}: TimeFieldProps) {
  const ids = useFieldIds();
  const [internal, setInternal] = useState(maskTime(defaultValue));
  const text = value ?? internal;
  const isImpossible = text.length === 5 && !isValidTime(text);
  const invalid = isInvalid || Boolean(errorText) || isImpossible;
  return (
    <Field
      ids={ids}
      label={label}
      description={description}
      isRequired={isRequired}
      className={withClass(styles.field, className)}
      isInvalid={invalid}
      isDisabled={isDisabled}
    >
      <input
        ref={ref}
        id={ids.controlId}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        className={styles.input}
        placeholder={placeholder}
        value={text}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(description && ids.descriptionId, errorText && ids.messageId)}
        onChange={(event) => {
          const next = maskTime(event.target.value);
          if (value === undefined) setInternal(next);
          onChange?.(next);
        }}
        onBlur={onBlur}
      />
      {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
    </Field>
  );
}

export interface TimeRange {
  start: string;
  end: string;
}

export interface TimeRangeFieldProps {
  /** Legend of the pair, e.g. "Delivery window". */
  label: string;
  /** Default "Start time". */
  startLabel?: string;
  /** Default "End time". */
  endLabel?: string;
  value?: TimeRange;
  defaultValue?: TimeRange;
  onChange?: (value: TimeRange) => void;
  /** Error of the pair (e.g. the end is before the start), shown under the end field. */
  errorText?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

/** A start and an end time, grouped under one legend. */
export function TimeRangeField({
  label,
  startLabel = 'Start time',
  endLabel = 'End time',
  value,
  defaultValue = { start: '', end: '' },
  onChange,
  errorText,
  isRequired,
  isDisabled,
  className,
}: TimeRangeFieldProps) {
  const ids = useFieldIds();
  const [internal, setInternal] = useState(defaultValue);
  const range = value ?? internal;
  const update = (next: TimeRange) => {
    if (value === undefined) setInternal(next);
    onChange?.(next);
  };
  return (
    <FieldSet ids={ids} label={label} className={className}>
      <div className={styles.rangeFields}>
        <TimeField
          label={startLabel}
          value={range.start}
          onChange={(start) => update({ ...range, start })}
          isRequired={isRequired}
          isDisabled={isDisabled}
          isInvalid={Boolean(errorText)}
        />
        <TimeField
          label={endLabel}
          value={range.end}
          onChange={(end) => update({ ...range, end })}
          errorText={errorText}
          isRequired={isRequired}
          isDisabled={isDisabled}
        />
      </div>
    </FieldSet>
  );
}
