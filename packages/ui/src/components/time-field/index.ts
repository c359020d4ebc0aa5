export {
  isValidTime,
  maskTime,
  TimeField,
  TimeRangeField,
  timeToMinutes,
  type TimeFieldProps,
  type TimeRange,
  type TimeRangeFieldProps,
} from './time-field';
