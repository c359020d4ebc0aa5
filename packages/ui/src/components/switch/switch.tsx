import { useId, useState, type Ref } from 'react';
import styles from './switch.module.css';

export interface SwitchProps {
  /** Visible label and accessible name. */
  label: string;
  /** Help text, linked with `aria-describedby`. */
  description?: string;
  /** Controlled state. */
  isSelected?: boolean;
  /** Initial state when uncontrolled. */
  defaultSelected?: boolean;
  /** Called with the new state. */
  onChange?: (selected: boolean) => void;
  isDisabled?: boolean;
  /** Form field name. */
  name?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An on/off switch (APG switch pattern): a native checkbox with `role="switch"`, so Space toggles
 * it and forms see it.
 */
export function Switch({
  label,
  description,
  isSelected,
  defaultSelected = false,
  onChange,
  isDisabled = false,
  name,
  className,
  ref,
}: SwitchProps) {
  const id = useId();
  const [internal, setInternal] = useState(defaultSelected);
  const selected = isSelected ?? internal;

  return (
    <div
      className={className ? `${styles.switch} ${className}` : styles.switch}
      data-selected={selected || undefined}
      data-disabled={isDisabled || undefined}
    >
      <label className={styles.row}>
        <input
          ref={ref}
          type="checkbox"
          role="switch"
          className={styles.input}
          name={name}
          checked={selected}
          disabled={isDisabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => {
            if (isSelected === undefined) setInternal(event.target.checked);
            onChange?.(event.target.checked);
          }}
        />
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        {label}
      </label>
      {description ? (
        <span id={`${id}-description`} className={styles.description}>
          {description}
        </span>
      ) : null}
    </div>
  );
}
