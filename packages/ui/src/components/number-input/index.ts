export { isNumberText, NumberInput, parseNumberText, type NumberInputProps } from './number-input';
