export {
  ChoiceBox,
  Field,
  FieldDescription,
  FieldMessage,
  FieldSet,
  describedBy,
  useFieldIds,
  type FieldIds,
  type FieldInputProps,
  type FieldProps,
  type FieldSetProps,
  type MessageTone,
} from './field';
