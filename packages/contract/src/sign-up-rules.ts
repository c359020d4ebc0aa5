// No zod here: the sign-up form is on a visitor's first page, which must not load the validation
// library (its size budget). The zod schema in users.ts is built from these same rules.
import { hasControlCharacters } from './text-rules';

/** The e-mail pattern of zod 4's `z.email()`, so the form and the server accept the same addresses. */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;
export const COMPANY_MAX_LENGTH = 200;

export interface SignUpFields {
  email: string;
  company?: string;
}

export interface SignUpCheck {
  /** The payload to send when the fields are valid: e-mail trimmed and lower-cased, company trimmed or absent. */
  payload?: { email: string; company?: string };
  errors: {
    email?: 'field.invalid_email';
    company?: 'field.too_long' | 'field.control_characters';
  };
}

/**
 * The e-mail is required and valid (both failures are "invalid e-mail"); the
 * company is optional and trimmed, and an empty one becomes absent.
 */
export function checkSignUp({ email, company = '' }: SignUpFields): SignUpCheck {
  const normalizedEmail = email.trim().toLowerCase();
  const trimmedCompany = company.trim();
  const errors: SignUpCheck['errors'] = {};
  if (normalizedEmail.length > EMAIL_MAX_LENGTH || !emailPattern.test(normalizedEmail)) {
    errors.email = 'field.invalid_email';
  }
  if (hasControlCharacters(trimmedCompany)) errors.company = 'field.control_characters';
  else if (trimmedCompany.length > COMPANY_MAX_LENGTH) errors.company = 'field.too_long';
  if (errors.email || errors.company) return { errors };
  return {
    payload: trimmedCompany
      ? { email: normalizedEmail, company: trimmedCompany }
      : { email: normalizedEmail },
    errors,
  };
}
