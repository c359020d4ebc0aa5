export {
  DROPDOWN_MENU_HEIGHT,
  DROPDOWN_SEARCH_HEIGHT,
  Dropdown,
  defaultDropdownLabels,
  type DropdownLabels,
  type DropdownProps,
  type MultipleDropdownProps,
  type SingleDropdownProps,
} from './dropdown';
