import type { NumericParam } from '../lib/calculator-params';
import type { FieldErrorCode, FieldErrors } from '../lib/drum-calculations';

/** Moves the validators' errors (named after the formula's terms) onto the URL params' fields. */
export function fieldErrorsByParam<TField extends string>(
  errors: FieldErrors<TField>,
  paramOf: Record<TField, NumericParam>,
): Partial<Record<NumericParam, FieldErrorCode>> {
  const byParam: Partial<Record<NumericParam, FieldErrorCode>> = {};
  for (const [field, code] of Object.entries(errors) as [TField, FieldErrorCode | undefined][]) {
    if (code) byParam[paramOf[field]] = code;
  }
  return byParam;
}
