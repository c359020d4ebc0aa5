import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  ChoiceBox,
  FieldDescription,
  FieldMessage,
  describedBy,
  useFieldIds,
} from '../field/field';
import styles from './checkbox.module.css';

export interface CheckboxProps {
  /** Visible label and accessible name. */
  label: ReactNode;
  description?: string;
  /** Controlled state. */
  isSelected?: boolean;
  /** Initial state when uncontrolled. */
  defaultSelected?: boolean;
  /** Shown as "partly selected" (e.g. a select-all box); the checked state is kept. */
  isIndeterminate?: boolean;
  onChange?: (selected: boolean) => void;
  isDisabled?: boolean;
  isRequired?: boolean;
  isInvalid?: boolean;
  /** Error under the box, with a red icon; sets `aria-invalid`. */
  errorText?: string;
  name?: string;
  value?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with the kit's label, description and error. */
export function Checkbox({
  label,
  description,
  isSelected,
  defaultSelected = false,
  isIndeterminate = false,
  onChange,
  isDisabled = false,
  isRequired = false,
  isInvalid = false,
  errorText,
  name,
  value,
  className,
  ref,
}: CheckboxProps) {
  const ids = useFieldIds();
  const [internal, setInternal] = useState(defaultSelected);
  const selected = isSelected ?? internal;
  const innerRef = useRef<HTMLInputElement | null>(null);
  const invalid = isInvalid || Boolean(errorText);

  // `indeterminate` exists only as a DOM property, never as an attribute.
  useEffect(() => {
    if (innerRef.current) innerRef.current.indeterminate = isIndeterminate;
  }, [isIndeterminate]);

  return (
    <div
      className={className ? `${styles.checkbox} ${className}` : styles.checkbox}
      data-selected={selected || undefined}
      data-indeterminate={isIndeterminate || undefined}
      data-disabled={isDisabled || undefined}
      data-invalid={invalid || undefined}
    >
      <label className={styles.row}>
        <ChoiceBox
          ref={(node) => {
            innerRef.current = node;
            if (typeof ref === 'function') ref(node);
            else if (ref) ref.current = node;
          }}
          type="checkbox"
          name={name}
          value={value}
          checked={selected}
          disabled={isDisabled}
          required={isRequired}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(
            description && ids.descriptionId,
            errorText && ids.messageId,
          )}
          onChange={(event) => {
            if (isSelected === undefined) setInternal(event.target.checked);
            onChange?.(event.target.checked);
          }}
        />
        <span>{label}</span>
      </label>
      <FieldDescription id={ids.descriptionId} className={styles.underBox}>
        {description}
      </FieldDescription>
      {errorText ? (
        <FieldMessage id={ids.messageId} className={styles.underBox}>
          {errorText}
        </FieldMessage>
      ) : null}
    </div>
  );
}
