export {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DatePicker,
  defaultDatePickerLabels,
  type DatePickerLabels,
  type DatePickerProps,
  type MultipleDatePickerProps,
  type RangeDatePickerProps,
  type SingleDatePickerProps,
} from './date-picker';
