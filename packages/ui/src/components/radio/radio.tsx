import { useState } from 'react';
import { ChoiceBox, FieldMessage, FieldSet, useFieldIds } from '../field/field';
import styles from './radio.module.css';

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
  isDisabled?: boolean;
  /** Language of the label when it differs from the page's, e.g. "English" on a French page. */
  lang?: string;
}

export interface RadioGroupProps {
  /** The group's legend and accessible name. */
  label: string;
  options: RadioOption[];
  /** Controlled value. */
  value?: string | null;
  /** Initial value when uncontrolled. */
  defaultValue?: string | null;
  onChange?: (value: string) => void;
  description?: string;
  /** Error under the group, with a red icon. */
  errorText?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** Form field name; generated when omitted (radios need one to form a group). */
  name?: string;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
}

/**
 * A group of native radios in a fieldset: arrow keys move and select, Tab enters on the selected
 * option (the browser's radio group behaviour, as the APG radio pattern asks).
 */
export function RadioGroup({
  label,
  options,
  value,
  defaultValue = null,
  onChange,
  description,
  errorText,
  isDisabled = false,
  isRequired = false,
  name,
  orientation = 'vertical',
  className,
}: RadioGroupProps) {
  const ids = useFieldIds();
  const [internal, setInternal] = useState(defaultValue);
  const selected = value === undefined ? internal : value;

  return (
    <FieldSet
      ids={ids}
      label={label}
      description={description}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorText)}
      hasMessage={Boolean(errorText)}
      className={className ? `${styles.group} ${className}` : styles.group}
      data={{ 'data-orientation': orientation, 'data-invalid': errorText ? '' : undefined }}
    >
      <div className={styles.options}>
        {options.map((option) => (
          <label
            key={option.value}
            className={styles.option}
            data-disabled={isDisabled || option.isDisabled || undefined}
            data-selected={selected === option.value || undefined}
          >
            <ChoiceBox
              type="radio"
              name={name ?? ids.controlId}
              value={option.value}
              checked={selected === option.value}
              disabled={option.isDisabled}
              required={isRequired}
              onChange={() => {
                if (value === undefined) setInternal(option.value);
                onChange?.(option.value);
              }}
            />
            <span>
              {option.lang ? <span lang={option.lang}>{option.label}</span> : option.label}
              {option.description ? (
                <span className={styles.optionDescription}>{option.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
    </FieldSet>
  );
}
