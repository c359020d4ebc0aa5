import type { InputHTMLAttributes, Ref } from 'react';
import {
  Field,
  FieldMessage,
  describedBy,
  useFieldIds,
  withClass,
  type FieldInputProps,
} from '../field/field';
import styles from './text-field.module.css';

export type FieldStatus = 'info' | 'success' | 'warning';

export interface TextFieldProps
  extends
    Omit<InputHTMLAttributes<HTMLInputElement>, 'disabled' | 'required' | 'size'>,
    FieldInputProps {
  /** A non-error state with its icon; shown only when there is no `errorText`. */
  status?: FieldStatus;
  /** The text of the `status`. */
  statusText?: string;
  /** Takes the whole width of its container (default). */
  isFullWidth?: boolean;
  ref?: Ref<HTMLInputElement>;
}

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
  const ids = useFieldIds(id);
  const invalid = isInvalid || Boolean(errorText);
  const shownStatus = errorText ? undefined : status;
  const hasMessage = Boolean(errorText || (shownStatus && statusText));

  return (
    <Field
      ids={ids}
      label={label}
      description={description}
      isRequired={isRequired}
      className={withClass(styles.field, className)}
      isInvalid={invalid}
      isDisabled={isDisabled}
      data={{
        'data-status': shownStatus,
        'data-full-width': String(isFullWidth),
      }}
    >
      <input
        ref={ref}
        id={ids.controlId}
        type={type}
        className={styles.input}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={invalid || undefined}
        {...inputProps}
        aria-describedby={describedBy(
          description && ids.descriptionId,
          hasMessage && ids.messageId,
          inputProps['aria-describedby'],
        )}
      />
      {errorText ? (
        <FieldMessage id={ids.messageId}>{errorText}</FieldMessage>
      ) : shownStatus && statusText ? (
        <FieldMessage id={ids.messageId} tone={shownStatus}>
          {statusText}
        </FieldMessage>
      ) : null}
    </Field>
  );
}
