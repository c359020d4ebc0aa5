export { ListBoxOption, type ListBoxOptionProps } from './list-box';
