import { useState, type KeyboardEvent, type Ref } from 'react';
import { Field, FieldMessage, describedBy, useFieldIds, withClass } from '../field/field';
import styles from './number-input.module.css';

/** Keys that never change the text (navigation keys stay allowed). */
const NAVIGATION_KEYS = new Set([
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'Tab',
  'Enter',
  'Escape',
]);

/** Only digits, one minus sign at the start and one decimal point. */
export function isNumberText(text: string, { allowNegative = true, allowDecimal = true } = {}) {
  const pattern = `^${allowNegative ? '-?' : ''}\\d*${allowDecimal ? '(\\.\\d*)?' : ''}$`;
  return new RegExp(pattern).test(text);
}

/** The number a partial text stands for; `null` for "", "-", "." and "-.". */
export function parseNumberText(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function toText(value: number | null | undefined) {
  return value === null || value === undefined ? '' : String(value);
}

export interface NumberInputProps {
  label: string;
  description?: string;
  /** Controlled value; `null` when empty. */
  value?: number | null;
  defaultValue?: number | null;
  /** Called with the number typed so far (`null` while empty or incomplete). */
  onChange?: (value: number | null) => void;
  onBlur?: () => void;
  /** Lower bound: ArrowDown stops there, and leaving the field clamps to it. */
  min?: number;
  /** Upper bound: ArrowUp stops there, and leaving the field clamps to it. */
  max?: number;
  /** ArrowUp/ArrowDown step (default 1). */
  step?: number;
  /** Unit shown after the value, e.g. "mm". */
  unit?: string;
  errorText?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Accept a decimal point (default true). */
  allowDecimal?: boolean;
  /**
   * How the decimal point is shown: `,` in French, so a field reads "0,8" as the results do.
   * Both `.` and `,` are accepted when typed.
   */
  decimalSeparator?: '.' | ',';
  name?: string;
  id?: string;
  placeholder?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A numeric field that refuses anything but a number being typed, with ArrowUp and
 * ArrowDown stepping (APG spinbutton). A comma is taken as the decimal point, as French
 * keyboards type it.
 */
export function NumberInput({
  label,
  description,
  value,
  defaultValue = null,
  onChange,
  onBlur,
  min,
  max,
  step = 1,
  unit,
  errorText,
  isInvalid = false,
  isRequired = false,
  isDisabled = false,
  allowDecimal = true,
  decimalSeparator = '.',
  name,
  id,
  placeholder,
  className,
  ref,
}: NumberInputProps) {
  const ids = useFieldIds(id);
  const unitId = `${ids.messageId}-unit`;
  const [text, setText] = useState(() => toText(value === undefined ? defaultValue : value));
  const [lastValue, setLastValue] = useState(value);
  const allowNegative = min === undefined || min < 0;

  // A new controlled value from outside replaces the text, unless the text already says it
  // (so "1." keeps its point while the parent holds 1).
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== undefined && parseNumberText(text) !== value) setText(toText(value));
  }

  const commit = (nextText: string) => {
    setText(nextText);
    onChange?.(parseNumberText(nextText));
  };

  const clamp = (n: number) => Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const current = parseNumberText(text) ?? 0;
      const next = clamp(current + (event.key === 'ArrowUp' ? step : -step));
      // Round away binary noise (0.1 + 0.2) to the step's decimals.
      const decimals = (String(step).split('.')[1] ?? '').length;
      commit(String(Number(next.toFixed(decimals))));
      return;
    }
    if (NAVIGATION_KEYS.has(event.key) || event.key.length > 1) return;
    if (/\d/.test(event.key)) return;
    const input = event.currentTarget;
    const caret = input.selectionStart ?? 0;
    const selectionEnd = input.selectionEnd ?? caret;
    const replaced = input.value.slice(0, caret) + event.key + input.value.slice(selectionEnd);
    const normalised = replaced.replaceAll(',', '.');
    if (!isNumberText(normalised, { allowNegative, allowDecimal })) event.preventDefault();
  };

  const invalid = isInvalid || Boolean(errorText);
  const parsed = parseNumberText(text);
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
      <div className={styles.control}>
        <input
          ref={ref}
          id={ids.controlId}
          name={name}
          type="text"
          role="spinbutton"
          inputMode={allowDecimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          className={styles.input}
          value={decimalSeparator === '.' ? text : text.replace('.', decimalSeparator)}
          placeholder={placeholder}
          disabled={isDisabled}
          required={isRequired}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(
            description && ids.descriptionId,
            unit && unitId,
            errorText && ids.messageId,
          )}
          aria-valuenow={parsed ?? undefined}
          aria-valuemin={min}
          aria-valuemax={max}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            // Also guards paste and autofill, which skip keydown.
            const next = event.target.value.replaceAll(',', '.');
            if (isNumberText(next, { allowNegative, allowDecimal })) commit(next);
          }}
          onBlur={() => {
            if (parsed !== null && clamp(parsed) !== parsed) commit(String(clamp(parsed)));
            onBlur?.();
          }}
        />
        {unit ? (
          <span id={unitId} className={styles.unit}>
            {unit}
          </span>
        ) : null}
      </div>
      {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
    </Field>
  );
}
