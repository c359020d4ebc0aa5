import { useId, useState, type Ref, type TextareaHTMLAttributes } from 'react';
import { ErrorIcon } from '../icons/icons';
import styles from './textarea.module.css';

export interface TextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'disabled' | 'required'
> {
  label: string;
  description?: string;
  errorText?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** With `maxLength`, a "length/maxLength" counter shows under the field (spec §5). */
  maxLength?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text field with an optional character counter. */
export function Textarea({
  label,
  description,
  errorText,
  isInvalid = false,
  isRequired = false,
  isDisabled = false,
  maxLength,
  id,
  value,
  defaultValue,
  onChange,
  className,
  ref,
  ...rest
}: TextareaProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-textarea`;
  const [uncontrolledLength, setUncontrolledLength] = useState(String(defaultValue ?? '').length);
  const length = value === undefined ? uncontrolledLength : String(value).length;
  const invalid = isInvalid || Boolean(errorText);
  const hasCounter = maxLength !== undefined && maxLength > 0;
  const describedBy =
    [
      description ? `${generatedId}-description` : null,
      errorText ? `${generatedId}-error` : null,
      hasCounter ? `${generatedId}-counter` : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      className={className ? `${styles.field} ${className}` : styles.field}
      data-invalid={invalid || undefined}
      data-disabled={isDisabled || undefined}
      data-full={hasCounter && length >= maxLength ? '' : undefined}
    >
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {isRequired ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {description ? (
        <span id={`${generatedId}-description`} className={styles.description}>
          {description}
        </span>
      ) : null}
      <textarea
        ref={ref}
        id={inputId}
        className={styles.textarea}
        value={value}
        defaultValue={defaultValue}
        maxLength={maxLength}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setUncontrolledLength(event.target.value.length);
          onChange?.(event);
        }}
        {...rest}
      />
      {errorText || hasCounter ? (
        <div className={styles.footer}>
          {errorText ? (
            <span id={`${generatedId}-error`} className={styles.error}>
              <ErrorIcon size={16} />
              {errorText}
            </span>
          ) : null}
          {hasCounter ? (
            <span id={`${generatedId}-counter`} className={styles.counter}>
              {length}/{maxLength}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
