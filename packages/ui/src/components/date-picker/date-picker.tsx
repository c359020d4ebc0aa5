import type { Locale } from 'date-fns';
import { format as formatDate } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { useState, type ReactNode } from 'react';
import { Button, IconButton } from '../button';
import {
  Calendar,
  isDateDisabled,
  type CalendarLabels,
  type DateRange,
  type Matcher,
} from '../calendar';
import { Field, FieldMessage, describedBy, useFieldIds } from '../field/field';
import { Popover } from '../popover';
import styles from './date-picker.module.css';
import { useControllableState } from '../../internal/use-controllable-state';

/** Dates show as `PP`, or `PPp` with a time. */
export const DATE_FORMAT = 'PP';
export const DATE_TIME_FORMAT = 'PPp';

export interface DatePickerLabels extends CalendarLabels {
  /** Name of the button that opens the calendar. */
  chooseDate: string;
  /** Label of the time input. */
  hour: string;
  clear: string;
  validate: string;
}

export const defaultDatePickerLabels: DatePickerLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  month: 'Month',
  year: 'Year',
  navigation: 'Months',
  chooseDate: 'Choose date',
  hour: 'Hour',
  clear: 'Clear',
  validate: 'Validate',
};

interface DatePickerBaseProps {
  /** Visible label of the field. */
  label: string;
  /** Help text under the label, linked with `aria-describedby`. */
  description?: string;
  /** Error under the field with a red error icon; marks it invalid. */
  errorText?: string;
  /** Disables the component. */
  isDisabled?: boolean;
  /** Marks the field required, with an asterisk after its label. */
  isRequired?: boolean;
  /** Days before it are disabled. */
  minDate?: Date;
  /** Days after it are disabled. */
  maxDate?: Date;
  /** More disabled days, e.g. `{ dayOfWeek: [0, 6] }`. */
  disabledDays?: Matcher | Matcher[];
  /** date-fns locale for formatting, parsing and the calendar. */
  locale?: Locale;
  /** Adds an hour input; the value is then shown as `PPp`. */
  hasTime?: boolean;
  /** date-fns format of the shown value (default `PP`, or `PPp` with a time). */
  format?: string;
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<DatePickerLabels>;
  /** Name submitted with a form (ISO 8601 value in a hidden input). */
  name?: string;
}

export interface SingleDatePickerProps extends DatePickerBaseProps {
  /** One value (default). */
  mode?: 'single';
  /** Value (controlled). */
  value?: Date | null;
  /** Initial value when uncontrolled. */
  defaultValue?: Date | null;
  /** Called with every new value, controlled or not. */
  onChange?: (date: Date | null) => void;
}

export interface MultipleDatePickerProps extends DatePickerBaseProps {
  /** Several values. */
  mode: 'multiple';
  /** Value (controlled). */
  value?: Date[];
  /** Initial value when uncontrolled. */
  defaultValue?: Date[];
  /** Called with every new value, controlled or not. */
  onChange?: (dates: Date[]) => void;
  /** Fewest days that must stay selected. */
  minDays?: number;
  /** Most days that may be selected. */
  maxDays?: number;
}

export interface RangeDatePickerProps extends DatePickerBaseProps {
  /** A range of days. */
  mode: 'range';
  /** Value (controlled). */
  value?: DateRange | null;
  /** Initial value when uncontrolled. */
  defaultValue?: DateRange | null;
  /** Called with every new value, controlled or not. */
  onChange?: (range: DateRange | null) => void;
  /** Shortest range, in nights. */
  minLength?: number;
  /** Longest range, in nights. */
  maxLength?: number;
}

export type DatePickerProps =
  SingleDatePickerProps | MultipleDatePickerProps | RangeDatePickerProps;

type Selection = Date | Date[] | DateRange | null;

function isEmpty(selection: Selection): boolean {
  if (selection === null) return true;
  if (Array.isArray(selection)) return selection.length === 0;
  if (selection instanceof Date) return false;
  return !selection.from;
}

function withTimeOf(date: Date, source: Date | null): Date {
  const result = new Date(date);
  result.setHours(source?.getHours() ?? 0, source?.getMinutes() ?? 0, 0, 0);
  return result;
}

function toTimeText(date: Date | null): string {
  if (!date) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

function CalendarGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

/**
 * A date field: a text input (typed dates are parsed in the locale's `P`/`PP` formats) and a
 * button opening a calendar in a popover. Single dates commit on click; with a time, several
 * days or a range, the choice is confirmed with "Validate".
 */
export function DatePicker(props: DatePickerProps) {
  const {
    label,
    description,
    errorText,
    isDisabled = false,
    isRequired = false,
    minDate,
    maxDate,
    disabledDays,
    locale,
    hasTime = false,
    labels: labelsProp,
    name,
  } = props;
  const mode = props.mode ?? 'single';
  const labels = { ...defaultDatePickerLabels, ...labelsProp };
  const displayFormat = props.format ?? (hasTime ? DATE_TIME_FORMAT : DATE_FORMAT);
  const ids = useFieldIds();

  const [value, setValue] = useControllableState<Selection>(
    props.value,
    props.defaultValue ?? (mode === 'multiple' ? [] : null),
  );
  const emit = (next: Selection) => {
    setValue(next);
    if (props.mode === 'multiple') props.onChange?.(Array.isArray(next) ? next : []);
    else if (props.mode === 'range')
      props.onChange?.(next && !(next instanceof Date) && !Array.isArray(next) ? next : null);
    else props.onChange?.(next instanceof Date ? next : null);
  };

  const show = (date: Date) => formatDate(date, displayFormat, { locale });
  const text = (selection: Selection): string => {
    if (selection === null) return '';
    if (selection instanceof Date) return show(selection);
    if (Array.isArray(selection)) return selection.map(show).join(', ');
    return [selection.from, selection.to].flatMap((date) => (date ? [show(date)] : [])).join(' – ');
  };

  const [typed, setTyped] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<Selection>(value);
  const needsValidation = hasTime || mode !== 'single';

  const open = (next: boolean) => {
    if (next) setDraft(value);
    setIsOpen(next);
  };

  const commitTyped = () => {
    if (typed === null) return;
    setTyped(null);
    if (typed.trim() === '') {
      if (value !== null) emit(null);
      return;
    }
    const formats = hasTime ? [displayFormat, 'P p', 'Pp', 'P HH:mm'] : [displayFormat, 'P'];
    for (const candidate of formats) {
      const parsed = parse(typed.trim(), candidate, new Date(), { locale });
      if (isValid(parsed) && !isDateDisabled(parsed, minDate, maxDate, disabledDays)) {
        emit(parsed);
        return;
      }
    }
    // An unreadable or unavailable date is dropped: the field shows the last valid value again.
  };

  const draftDate = draft instanceof Date ? draft : null;
  const calendarCommon = {
    label,
    minDate,
    maxDate,
    disabledDays,
    locale,
    labels,
    hasAutoFocus: true,
  };

  let calendar: ReactNode;
  if (props.mode === 'multiple') {
    calendar = (
      <Calendar
        {...calendarCommon}
        mode="multiple"
        minDays={props.minDays}
        maxDays={props.maxDays}
        value={Array.isArray(draft) ? draft : []}
        onChange={setDraft}
      />
    );
  } else if (props.mode === 'range') {
    calendar = (
      <Calendar
        {...calendarCommon}
        mode="range"
        minLength={props.minLength}
        maxLength={props.maxLength}
        value={draft && !(draft instanceof Date) && !Array.isArray(draft) ? draft : null}
        onChange={setDraft}
      />
    );
  } else {
    calendar = (
      <Calendar
        {...calendarCommon}
        value={draftDate}
        onChange={(date) => {
          const next = date && hasTime ? withTimeOf(date, draftDate) : date;
          if (needsValidation) {
            setDraft(next);
          } else {
            emit(next);
            setIsOpen(false);
          }
        }}
      />
    );
  }

  return (
    <Field
      ids={ids}
      label={label}
      description={description}
      isRequired={isRequired}
      className={styles.field}
      isInvalid={Boolean(errorText)}
      isDisabled={isDisabled}
      data={{ 'data-open': isOpen || undefined }}
    >
      <div className={styles.control}>
        <input
          id={ids.controlId}
          className={styles.input}
          type="text"
          value={typed ?? text(value)}
          // Several days or a range are chosen in the calendar only.
          readOnly={mode !== 'single'}
          disabled={isDisabled}
          required={isRequired}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={describedBy(
            description && ids.descriptionId,
            errorText && ids.messageId,
          )}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commitTyped}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitTyped();
          }}
        />
        <Popover
          label={label}
          isOpen={isOpen}
          onOpenChange={open}
          placement="bottom-end"
          isFocusMovedIn={false}
          trigger={
            <IconButton
              label={labels.chooseDate}
              icon={<CalendarGlyph />}
              isDisabled={isDisabled}
              className={styles.button}
            />
          }
        >
          <div className={styles.panel}>
            {calendar}
            {hasTime && mode === 'single' ? (
              <label className={styles.time}>
                {labels.hour}
                <input
                  type="time"
                  value={toTimeText(draftDate)}
                  disabled={!draftDate}
                  onChange={(event) => {
                    const [hours, minutes] = event.target.value.split(':').map(Number);
                    if (!draftDate || hours === undefined || minutes === undefined) return;
                    const next = new Date(draftDate);
                    next.setHours(hours, minutes, 0, 0);
                    setDraft(next);
                  }}
                />
              </label>
            ) : null}
            <div className={styles.actions}>
              <Button
                variant="text"
                tone="neutral"
                onPress={() => {
                  emit(mode === 'multiple' ? [] : null);
                  setIsOpen(false);
                }}
              >
                {labels.clear}
              </Button>
              {needsValidation ? (
                <Button
                  isDisabled={isEmpty(draft) && isEmpty(value)}
                  onPress={() => {
                    emit(isEmpty(draft) ? (mode === 'multiple' ? [] : null) : draft);
                    setIsOpen(false);
                  }}
                >
                  {labels.validate}
                </Button>
              ) : null}
            </div>
          </div>
        </Popover>
      </div>
      {name ? <HiddenValue name={name} value={value} /> : null}
      {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
    </Field>
  );
}

function HiddenValue({ name, value }: { name: string; value: Selection }) {
  const dates =
    value === null
      ? []
      : value instanceof Date
        ? [value]
        : Array.isArray(value)
          ? value
          : [value.from, value.to].flatMap((date) => (date ? [date] : []));
  return (
    <>
      {dates.map((date) => (
        <input key={date.toISOString()} type="hidden" name={name} value={date.toISOString()} />
      ))}
    </>
  );
}
