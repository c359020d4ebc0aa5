export { Dropdown } from './dropdown';
export {
  DROPDOWN_MENU_HEIGHT,
  DROPDOWN_SEARCH_HEIGHT,
  DROPDOWN_TYPE_AHEAD_RESET_MS,
  defaultDropdownLabels,
  type DropdownLabels,
  type DropdownProps,
  type MultipleDropdownProps,
  type SingleDropdownProps,
} from './dropdown-props';
