import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons/icons';
import styles from './text-field.module.css';

export type FieldStatus = 'info' | 'success' | 'warning';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'disabled' | 'required' | 'size'
> {
  /** Visible label, also the input's accessible name. */
  label: string;
  /** Help text under the label, linked with `aria-describedby`. */
  description?: string;
  /** Error shown under the input with a red error icon; sets `aria-invalid`. */
  errorText?: string;
  /** Marks the input invalid without a message (e.g. the message is shown elsewhere). */
  isInvalid?: boolean;
  /** A non-error state with its icon; shown only when there is no `errorText`. */
  status?: FieldStatus;
  /** The text of the `status`. */
  statusText?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Takes the whole width of its container (default). */
  isFullWidth?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const statusIcons = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon } as const;

/** A labelled text input. Works with react-hook-form's `register()` (name, ref, onChange, onBlur). */
export function TextField({
  label,
  description,
  errorText,
  isInvalid = false,
  status,
  statusText,
  isRequired = false,
  isDisabled = false,
  isFullWidth = true,
  id,
  type = 'text',
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const descriptionId = `${generatedId}-description`;
  const messageId = `${generatedId}-message`;
  const invalid = isInvalid || Boolean(errorText);
  const shownStatus = errorText ? undefined : status;
  const StatusIcon = shownStatus ? statusIcons[shownStatus] : undefined;
  const describedBy =
    [
      description ? descriptionId : null,
      errorText || (shownStatus && statusText) ? messageId : null,
      inputProps['aria-describedby'],
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div
      className={className ? `${styles.field} ${className}` : styles.field}
      data-invalid={invalid || undefined}
      data-disabled={isDisabled || undefined}
      data-status={shownStatus}
      data-full-width={isFullWidth}
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
        <span id={descriptionId} className={styles.description}>
          {description}
        </span>
      ) : null}
      <input
        ref={ref}
        id={inputId}
        type={type}
        className={styles.input}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={invalid || undefined}
        {...inputProps}
        aria-describedby={describedBy}
      />
      {errorText ? (
        <span id={messageId} className={styles.message} data-tone="error">
          <ErrorIcon size={16} />
          {errorText}
        </span>
      ) : StatusIcon && statusText ? (
        <span id={messageId} className={styles.message} data-tone={shownStatus}>
          <StatusIcon size={16} />
          {statusText}
        </span>
      ) : null}
    </div>
  );
}
