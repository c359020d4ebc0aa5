export {
  Field,
  FieldMessage,
  describedBy,
  useFieldIds,
  type FieldIds,
  type FieldProps,
  type MessageTone,
} from './field';
