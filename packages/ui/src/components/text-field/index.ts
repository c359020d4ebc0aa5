export { TextField, type FieldStatus, type TextFieldProps } from './text-field';
