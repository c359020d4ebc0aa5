import { useState, type Ref, type TextareaHTMLAttributes } from 'react';
import {
  Field,
  FieldMessage,
  describedBy,
  useFieldIds,
  withClass,
  type FieldInputProps,
} from '../field/field';
import styles from './textarea.module.css';

export interface TextareaProps
  extends
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'disabled' | 'required'>,
    FieldInputProps {
  /** With `maxLength`, a "length/maxLength" counter shows under the field. */
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
  const ids = useFieldIds(id);
  const [uncontrolledLength, setUncontrolledLength] = useState(String(defaultValue ?? '').length);
  const length = value === undefined ? uncontrolledLength : String(value).length;
  const invalid = isInvalid || Boolean(errorText);
  const hasCounter = maxLength !== undefined && maxLength > 0;
  const counterId = `${ids.messageId}-counter`;

  return (
    <Field
      ids={ids}
      label={label}
      description={description}
      isRequired={isRequired}
      className={withClass(styles.field, className)}
      isInvalid={invalid}
      isDisabled={isDisabled}
      data={{ 'data-full': hasCounter && length >= maxLength ? '' : undefined }}
    >
      <textarea
        ref={ref}
        id={ids.controlId}
        className={styles.textarea}
        value={value}
        defaultValue={defaultValue}
        maxLength={maxLength}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(
          description && ids.descriptionId,
          errorText && ids.messageId,
          hasCounter && counterId,
        )}
        onChange={(event) => {
          setUncontrolledLength(event.target.value.length);
          onChange?.(event);
        }}
        {...rest}
      />
      {errorText || hasCounter ? (
        <div className={styles.footer}>
          {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
          {hasCounter ? (
            <span id={counterId} className={styles.counter}>
              {length}/{maxLength}
            </span>
          ) : null}
        </div>
      ) : null}
    </Field>
  );
}
