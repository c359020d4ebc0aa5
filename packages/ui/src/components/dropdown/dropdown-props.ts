import type { ReactNode, Ref } from 'react';

/** The menu is 240 px tall, its search box 46 px of it. */
export const DROPDOWN_MENU_HEIGHT = 240;
export const DROPDOWN_SEARCH_HEIGHT = 46;
/** Letters typed within this delay form one type-ahead prefix. */
export const DROPDOWN_TYPE_AHEAD_RESET_MS = 500;

export interface DropdownLabels {
  /** Shown in the menu when no option matches. */
  noResult: string;
  /** Placeholder of the search box. */
  search: string;
  /** Shown in the closed field when nothing is selected. */
  placeholder: string;
  /** Summary of a multiple selection, e.g. "3 Selected". */
  selected: (count: number) => string;
  /** The button that reveals the next page of options. */
  displayMore: string;
  /** The clear button's name. */
  clear: string;
  loading: string;
}

export const defaultDropdownLabels: DropdownLabels = {
  noResult: 'No result',
  search: 'Search...',
  placeholder: 'Selection',
  selected: (count) => `${count} Selected`,
  displayMore: 'Display more results',
  clear: 'Clear',
  loading: 'Loading',
};

interface DropdownBaseProps<TOption extends object> {
  /** Visible label of the field. */
  label: string;
  /** Help text under the field. */
  description?: string;
  /** Error under the field, with a red error icon; marks the field invalid. */
  errorText?: string;
  /** Disables the component. */
  isDisabled?: boolean;
  /** Marks the field required, with an asterisk after its label. */
  isRequired?: boolean;
  /** Shows a spinner in the menu (e.g. while `onSearch` results load). */
  isPending?: boolean;
  /** The options, read through `keyField`, `labelField` and `groupField`. */
  options: TOption[];
  /** Name of the field holding an option's unique key (configurable). */
  keyField?: keyof TOption & string;
  /** Name of the field holding an option's visible label. */
  labelField?: keyof TOption & string;
  /** Name of the field holding an option's group; options are shown under group headings. */
  groupField?: keyof TOption & string;
  /** Shows a search box at the top of the menu. */
  isSearchable?: boolean;
  /** Called with the search text, e.g. to fetch options from the server. */
  onSearch?: (query: string) => void;
  /**
   * Local filtering of options against the search text; `false` when `onSearch` already
   * returns filtered options. Defaults to a case- and accent-insensitive match on the label.
   */
  filter?: ((option: TOption, query: string) => boolean) | false;
  /** Shows a clear button when something is selected. */
  isClearable?: boolean;
  /** Whether clearing also closes the menu (default true). */
  closeOnClear?: boolean;
  /** Options shown before "Display more results" (default 50). */
  pageSize?: number;
  /** Custom content of an option in the menu. */
  renderOption?: (option: TOption) => ReactNode;
  /** Texts; English defaults. */
  labels?: Partial<DropdownLabels>;
  /** Name submitted with a form (one hidden input per selected key). */
  name?: string;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /** Ref to the combobox button. */
  ref?: Ref<HTMLButtonElement>;
}

export interface SingleDropdownProps<TOption extends object> extends DropdownBaseProps<TOption> {
  /** One option (default). */
  selectionMode?: 'single';
  /** Selected key (controlled); `null` is no selection. */
  value?: string | null;
  /** Initial value when uncontrolled. */
  defaultValue?: string | null;
  /** Called with every new value, controlled or not. */
  onChange?: (key: string | null, option: TOption | undefined) => void;
  /** Whether choosing an option closes the menu (default true in single mode). */
  closeOnSelect?: boolean;
}

export interface MultipleDropdownProps<TOption extends object> extends DropdownBaseProps<TOption> {
  /** Several options; the field summarises them ("3 Selected"). */
  selectionMode: 'multiple';
  /** Selected keys (controlled). */
  value?: string[];
  /** Initial value when uncontrolled. */
  defaultValue?: string[];
  /** Called with every new value, controlled or not. */
  onChange?: (keys: string[], options: TOption[]) => void;
  /** Whether choosing an option closes the menu (default false in multiple mode). */
  closeOnSelect?: boolean;
}

export type DropdownProps<TOption extends object> =
  SingleDropdownProps<TOption> | MultipleDropdownProps<TOption>;
