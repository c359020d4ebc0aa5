export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio';
