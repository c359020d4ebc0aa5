import { TextField } from '@portal/ui/text-field';
import { ApiRequestError } from './api-client';
import { fieldErrorCodes } from './error-toasts';

export interface InviteeAddressFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  errorText?: string;
}

/**
 * The address of someone to let in (a colleague, a staff member). It is another person's, so the
 * browser never offers the user's own addresses to fill it in.
 */
export function InviteeAddressField({
  label,
  value,
  onChange,
  errorText,
}: InviteeAddressFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errorText={errorText}
      isRequired
    />
  );
}

/**
 * The error code an invitation shows under its address: one of `addressCodes` (already a member,
 * already invited…), else the address's own field error; undefined when the error is for a toast.
 */
export function addressErrorCode(
  error: unknown,
  addressCodes: ReadonlySet<string>,
): string | undefined {
  const code = error instanceof ApiRequestError ? error.body?.message : undefined;
  if (code && addressCodes.has(code)) return code;
  return fieldErrorCodes(error).email;
}
