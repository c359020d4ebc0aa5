import type { Locale } from 'date-fns';
import {
  dateMatchModifiers,
  DayPicker,
  type DateRange,
  type Matcher,
  type PropsBase,
} from 'react-day-picker';
import styles from './calendar.module.css';
import { useControllableState } from '../../internal/use-controllable-state';

export type { DateRange, Matcher };

/** Years 1900 to the current year + 100. */
export const CALENDAR_FIRST_YEAR = 1900;
export const CALENDAR_YEARS_AHEAD = 100;

export interface CalendarLabels {
  previousMonth: string;
  nextMonth: string;
  /** Name of the month selector. */
  month: string;
  /** Name of the year selector. */
  year: string;
  /** Name of the previous/next month navigation. */
  navigation: string;
}

export const defaultCalendarLabels: CalendarLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  month: 'Month',
  year: 'Year',
  navigation: 'Months',
};

interface CalendarBaseProps {
  /** Accessible name of the calendar. */
  label: string;
  /** Days before it are disabled, and months/years before it are not offered. */
  minDate?: Date;
  /** Days after it are disabled, and months/years after it are not offered. */
  maxDate?: Date;
  /** The first month that may be shown (any day of it); earlier months are not offered. */
  minMonth?: Date;
  /** The last month that may be shown (any day of it); later months are not offered. */
  maxMonth?: Date;
  /** The first year that may be shown; earlier years are not offered. */
  minYear?: number;
  /** The last year that may be shown; later years are not offered. */
  maxYear?: number;
  /** More disabled days, e.g. `{ dayOfWeek: [0, 6] }` for weekends. */
  disabledDays?: Matcher | Matcher[];
  /** Disables the component. */
  isDisabled?: boolean;
  /** date-fns locale (`fr`, `enGB`, `enUS`); sets names of days and months and the first weekday. */
  locale?: Locale;
  /** Shown month (controlled). */
  month?: Date;
  /** First shown month (uncontrolled); the selection's month or today's by default. */
  defaultMonth?: Date;
  /** Called when the shown month changes. */
  onMonthChange?: (month: Date) => void;
  /** Month and year selectors in the caption (default true). */
  hasMonthYearSelectors?: boolean;
  /** Months shown side by side (e.g. 2 for ranges on desktop). */
  numberOfMonths?: number;
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<CalendarLabels>;
  /** Accessible description of the calendar (e.g. the rules for valid days). */
  description?: string;
  /** Focuses the selected day (or today) on mount, as in a date picker's dialog. */
  hasAutoFocus?: boolean;
}

export interface SingleCalendarProps extends CalendarBaseProps {
  /** One value (default). */
  mode?: 'single';
  /** Value (controlled). */
  value?: Date | null;
  /** Initial value when uncontrolled. */
  defaultValue?: Date | null;
  /** Called with every new value, controlled or not. */
  onChange?: (date: Date | null) => void;
}

export interface MultipleCalendarProps extends CalendarBaseProps {
  /** Several values. */
  mode: 'multiple';
  /** Value (controlled). */
  value?: Date[];
  /** Initial value when uncontrolled. */
  defaultValue?: Date[];
  /** Called with every new value, controlled or not. */
  onChange?: (dates: Date[]) => void;
  /** Fewest days that must stay selected (deselecting below it is refused). */
  minDays?: number;
  /** Most days that may be selected (other days are disabled once reached). */
  maxDays?: number;
}

export interface RangeCalendarProps extends CalendarBaseProps {
  /** A range of days. */
  mode: 'range';
  /** Value (controlled). */
  value?: DateRange | null;
  /** Initial value when uncontrolled. */
  defaultValue?: DateRange | null;
  /** Called with every new value, controlled or not. */
  onChange?: (range: DateRange | null) => void;
  /** Shortest range, in nights between its first and last day. */
  minLength?: number;
  /** Longest range, in nights between its first and last day. */
  maxLength?: number;
}

export type CalendarProps = SingleCalendarProps | MultipleCalendarProps | RangeCalendarProps;

function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}

/** What narrows the months a calendar shows: dates, months and years, each optional. */
export interface CalendarBoundsInput {
  minDate?: Date;
  maxDate?: Date;
  minMonth?: Date;
  maxMonth?: Date;
  minYear?: number;
  maxYear?: number;
}

/**
 * The months a calendar may show: 1900 … now + 100, narrowed by the min and max dates, months
 * and years (the narrowest of each side wins).
 */
export function getCalendarBounds(
  { minDate, maxDate, minMonth, maxMonth, minYear, maxYear }: CalendarBoundsInput = {},
  today = new Date(),
) {
  const starts = [
    new Date(CALENDAR_FIRST_YEAR, 0, 1),
    ...[minDate, minMonth].flatMap((date) => (date ? [startOfMonth(date)] : [])),
    ...(minYear === undefined ? [] : [new Date(minYear, 0, 1)]),
  ];
  const ends = [
    new Date(today.getFullYear() + CALENDAR_YEARS_AHEAD, 11, 1),
    ...[maxDate, maxMonth].flatMap((date) => (date ? [startOfMonth(date)] : [])),
    ...(maxYear === undefined ? [] : [new Date(maxYear, 11, 1)]),
  ];
  const time = (date: Date) => date.getTime();
  return {
    startMonth: new Date(Math.max(...starts.map(time))),
    endMonth: new Date(Math.min(...ends.map(time))),
  };
}

/** Days that cannot be chosen: outside min/max, and `disabledDays`. */
export function getDisabledMatchers(
  minDate?: Date,
  maxDate?: Date,
  disabledDays?: Matcher | Matcher[],
): Matcher[] {
  const extra =
    disabledDays === undefined ? [] : Array.isArray(disabledDays) ? disabledDays : [disabledDays];
  return [
    ...(minDate ? [{ before: minDate }] : []),
    ...(maxDate ? [{ after: maxDate }] : []),
    ...extra,
  ];
}

/** Whether a day cannot be chosen (outside min/max or among `disabledDays`), e.g. for typed dates. */
export function isDateDisabled(
  date: Date,
  minDate?: Date,
  maxDate?: Date,
  disabledDays?: Matcher | Matcher[],
): boolean {
  return dateMatchModifiers(date, getDisabledMatchers(minDate, maxDate, disabledDays));
}

const classNames = {
  root: styles.root,
  months: styles.months,
  month: styles.month,
  month_caption: styles.caption,
  caption_label: styles.captionLabel,
  dropdowns: styles.dropdowns,
  dropdown_root: styles.dropdownRoot,
  dropdown: styles.dropdown,
  nav: styles.nav,
  button_previous: styles.navButton,
  button_next: styles.navButton,
  chevron: styles.chevron,
  month_grid: styles.grid,
  weekday: styles.weekday,
  day: styles.day,
  day_button: styles.dayButton,
  today: styles.today,
  selected: styles.selected,
  range_start: styles.rangeStart,
  range_middle: styles.rangeMiddle,
  range_end: styles.rangeEnd,
  disabled: styles.disabled,
  outside: styles.outside,
  focused: styles.focused,
  hidden: styles.hidden,
} satisfies PropsBase['classNames'];

/**
 * A month grid calendar (react-day-picker: APG date grid keyboard) for one day, several days or
 * a range, with min/max dates, disabled days, and month and year selectors.
 */
export function Calendar(props: CalendarProps) {
  const {
    label,
    description,
    minDate,
    maxDate,
    disabledDays,
    isDisabled = false,
    locale,
    month,
    defaultMonth,
    onMonthChange,
    hasMonthYearSelectors = true,
    numberOfMonths = 1,
    labels: labelsProp,
    hasAutoFocus = false,
    minMonth,
    maxMonth,
    minYear,
    maxYear,
  } = props;
  const labels = { ...defaultCalendarLabels, ...labelsProp };
  const { startMonth, endMonth } = getCalendarBounds({
    minDate,
    maxDate,
    minMonth,
    maxMonth,
    minYear,
    maxYear,
  });
  const disabled: Matcher[] = isDisabled
    ? [true]
    : getDisabledMatchers(minDate, maxDate, disabledDays);

  const common = {
    locale,
    month,
    defaultMonth,
    onMonthChange,
    startMonth,
    endMonth,
    disabled,
    numberOfMonths,
    captionLayout: hasMonthYearSelectors ? ('dropdown' as const) : ('label' as const),
    classNames,
    'aria-label': label,
    labels: {
      labelPrevious: () => labels.previousMonth,
      labelNext: () => labels.nextMonth,
      labelMonthDropdown: () => labels.month,
      labelYearDropdown: () => labels.year,
      labelNav: () => labels.navigation,
    },
    footer: description,
    autoFocus: hasAutoFocus,
    // The app's motion preference is honoured by CSS; react-day-picker animates nothing by default.
    animate: false,
  };

  return (
    <div
      className={styles.calendar}
      data-disabled={isDisabled || undefined}
      data-mode={props.mode ?? 'single'}
    >
      <CalendarSelection {...props} common={common} />
    </div>
  );
}

type Common = Omit<PropsBase, 'mode'>;

function toMatchers(disabled: Matcher | Matcher[] | undefined): Matcher[] {
  if (disabled === undefined) return [];
  return Array.isArray(disabled) ? disabled : [disabled];
}

function CalendarSelection(props: CalendarProps & { common: Common }) {
  if (props.mode === 'multiple') return <MultipleSelection {...props} />;
  if (props.mode === 'range') return <RangeSelection {...props} />;
  return <SingleSelection {...props} />;
}

function firstShownMonth(common: Common, selected: Date | undefined): Date | undefined {
  return common.defaultMonth ?? selected;
}

function SingleSelection({
  value,
  defaultValue,
  onChange,
  common,
}: SingleCalendarProps & { common: Common }) {
  const [selected, setSelected] = useControllableState(value, defaultValue ?? null, onChange);
  return (
    <DayPicker
      {...common}
      defaultMonth={firstShownMonth(common, selected ?? undefined)}
      mode="single"
      selected={selected ?? undefined}
      onSelect={(date) => setSelected(date ?? null)}
    />
  );
}

function MultipleSelection({
  value,
  defaultValue,
  onChange,
  minDays,
  maxDays,
  common,
}: MultipleCalendarProps & { common: Common }) {
  const [selected, setSelected] = useControllableState(value, defaultValue ?? [], onChange);
  // Once the maximum is reached, the other days are shown disabled rather than ignoring clicks.
  const isFull = maxDays !== undefined && selected.length >= maxDays;
  const isSelected = (date: Date) => selected.some((day) => day.getTime() === date.getTime());
  return (
    <DayPicker
      {...common}
      disabled={
        isFull
          ? [...toMatchers(common.disabled), (date: Date) => !isSelected(date)]
          : common.disabled
      }
      defaultMonth={firstShownMonth(common, selected[0])}
      mode="multiple"
      min={minDays}
      max={maxDays}
      selected={selected}
      onSelect={(dates) => setSelected(dates ?? [])}
    />
  );
}

function RangeSelection({
  value,
  defaultValue,
  onChange,
  minLength,
  maxLength,
  common,
}: RangeCalendarProps & { common: Common }) {
  const [selected, setSelected] = useControllableState(value, defaultValue ?? null, onChange);
  return (
    <DayPicker
      {...common}
      defaultMonth={firstShownMonth(common, selected?.from)}
      mode="range"
      min={minLength}
      max={maxLength}
      selected={selected ?? undefined}
      onSelect={(range) => setSelected(range ?? null)}
    />
  );
}
