import { useState } from 'react';

/**
 * A value that is controlled when `value` is given, else kept here from `defaultValue`.
 * `onChange` fires in both modes so callers can observe uncontrolled components.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (next: T) => void,
): [T, (next: T) => void] {
  const [inner, setInner] = useState(defaultValue);
  const isControlled = value !== undefined;
  const setValue = (next: T) => {
    if (!isControlled) setInner(next);
    onChange?.(next);
  };
  return [isControlled ? value : inner, setValue];
}
