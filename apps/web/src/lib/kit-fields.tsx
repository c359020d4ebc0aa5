import { lazy, Suspense } from 'react';
import { TextField } from '@portal/ui/text-field';

/** A `YYYY-MM-DD` day as written by the API, from a local date. */
export function toIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight of a `YYYY-MM-DD` day; null for an empty or malformed one. */
export function fromIsoDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export interface DayFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  description?: string;
  errorText?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}

// The calendar and the date library load with the first day field a screen shows, not with
// every screen of its page.
const DayPickerField = lazy(() => import('./day-picker-field'));

/**
 * A day field of the kit for a `YYYY-MM-DD` value, as the API writes days: shown and typed in
 * the page's language ("25 nov. 2026" in French), chosen from a calendar in that language.
 * While the calendar loads, the same label and box stand in its place, not to be typed in.
 */
export function DayField(props: DayFieldProps) {
  return (
    <Suspense
      fallback={
        <TextField
          label={props.label}
          description={props.description}
          isRequired={props.isRequired}
          value=""
          readOnly
          isDisabled
        />
      }
    >
      <DayPickerField {...props} />
    </Suspense>
  );
}
