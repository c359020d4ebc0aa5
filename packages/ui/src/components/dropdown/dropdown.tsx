import {
  autoUpdate,
  flip,
  FloatingPortal,
  offset,
  size,
  useDismiss,
  useFloating,
  useInteractions,
  useMergeRefs,
} from '@floating-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Field, FieldMessage, describedBy, useFieldIds } from '../field/field';
import { CheckIcon, ChevronDownIcon, CloseIcon, SearchIcon } from '../icons';
import { Spinner } from '../spinner';
import styles from './dropdown.module.css';
import { useControllableState } from '../../internal/use-controllable-state';

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

function read(option: object, field: string): unknown {
  return (option as Record<string, unknown>)[field];
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();
}

interface Group<TOption> {
  name: string | undefined;
  items: { option: TOption; key: string; index: number }[];
}

/**
 * Select and combobox (WAI-ARIA APG select-only combobox with a listbox, groups and an optional
 * search box inside the menu), single or multiple.
 */
export function Dropdown<TOption extends object>(props: DropdownProps<TOption>) {
  const {
    label,
    description,
    errorText,
    isDisabled = false,
    isRequired = false,
    isPending = false,
    options,
    keyField = 'value' as keyof TOption & string,
    labelField = 'label' as keyof TOption & string,
    groupField,
    isSearchable = false,
    onSearch,
    filter,
    isClearable = false,
    closeOnClear = true,
    pageSize = 50,
    renderOption,
    labels: labelsProp,
    name,
    onOpenChange,
    ref,
  } = props;
  const isMultiple = props.selectionMode === 'multiple';
  const closeOnSelect = props.closeOnSelect ?? !isMultiple;
  const labels = { ...defaultDropdownLabels, ...labelsProp };
  const ids = useFieldIds();
  const id = ids.controlId;
  const listboxId = `${id}-listbox`;

  const keyOf = (option: TOption) => String(read(option, keyField));
  const labelOf = (option: TOption) => String(read(option, labelField) ?? keyOf(option));

  const toKeys = (value: string | string[] | null | undefined): string[] | undefined =>
    value === undefined ? undefined : value === null ? [] : Array.isArray(value) ? value : [value];
  const [selectedKeys, setSelectedKeys] = useControllableState<string[]>(
    toKeys(props.value),
    toKeys(props.defaultValue) ?? [],
  );

  const [isOpen, setIsOpenState] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const [shownCount, setShownCount] = useState(pageSize);
  const typeAhead = useRef({
    text: '',
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  useEffect(() => () => clearTimeout(typeAhead.current.timer), []);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const setOpen = (next: boolean, restoreFocus = true) => {
    if (next === isOpen) return;
    setIsOpenState(next);
    onOpenChange?.(next);
    if (next) {
      setShownCount(pageSize);
      const firstSelected = visible.findIndex((item) => selectedKeys.includes(item.key));
      setActiveIndex(firstSelected >= 0 ? firstSelected : visible.length > 0 ? 0 : -1);
    } else {
      if (query) {
        setQuery('');
        onSearch?.('');
      }
      if (restoreFocus) triggerRef.current?.focus();
    }
  };

  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: isOpen,
    onOpenChange: (next) => setOpen(next, false),
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ rects, elements, availableHeight }) {
          Object.assign(elements.floating.style, {
            minWidth: `${Math.max(rects.reference.width, 200)}px`,
            maxHeight: `${Math.min(DROPDOWN_MENU_HEIGHT, availableHeight)}px`,
          });
        },
      }),
    ],
  });
  const dismiss = useDismiss(context);
  const { getReferenceProps, getFloatingProps } = useInteractions([dismiss]);
  const setTriggerRef = useMergeRefs([setReference, triggerRef, ref]);

  const matcher =
    filter === false
      ? undefined
      : (filter ??
        ((option: TOption, text: string) => normalise(labelOf(option)).includes(normalise(text))));
  const filtered = query && matcher ? options.filter((option) => matcher(option, query)) : options;
  const visible = filtered.slice(0, shownCount).map((option, index) => ({
    option,
    key: keyOf(option),
    index,
  }));
  const hasMore = filtered.length > shownCount;

  const groups: Group<TOption>[] = [];
  for (const item of visible) {
    const groupName = groupField ? String(read(item.option, groupField) ?? '') : undefined;
    const last = groups[groups.length - 1];
    if (last && last.name === groupName) last.items.push(item);
    else groups.push({ name: groupName, items: [item] });
  }

  const emit = (keys: string[]) => {
    setSelectedKeys(keys);
    const chosen = keys.flatMap((key) => {
      const option = options.find((candidate) => keyOf(candidate) === key);
      return option ? [option] : [];
    });
    if (props.selectionMode === 'multiple') props.onChange?.(keys, chosen);
    else props.onChange?.(keys[0] ?? null, chosen[0]);
  };

  const choose = (key: string) => {
    if (isMultiple) {
      emit(
        selectedKeys.includes(key)
          ? selectedKeys.filter((selected) => selected !== key)
          : [...selectedKeys, key],
      );
    } else {
      emit([key]);
    }
    if (closeOnSelect) setOpen(false);
  };

  const clear = () => {
    emit([]);
    if (closeOnClear) setOpen(false);
    else triggerRef.current?.focus();
  };

  const moveActive = (next: number) => {
    if (visible.length === 0) return;
    const clamped = Math.min(Math.max(next, 0), visible.length - 1);
    setActiveIndex(clamped);
    document.getElementById(`${id}-option-${clamped}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) setOpen(true);
        else moveActive(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) setOpen(true);
        else moveActive(activeIndex - 1);
        break;
      case 'Home':
        if (isOpen && !isSearchable) {
          event.preventDefault();
          moveActive(0);
        }
        break;
      case 'End':
        if (isOpen && !isSearchable) {
          event.preventDefault();
          moveActive(visible.length - 1);
        }
        break;
      case 'Enter':
      case ' ': {
        // Space types in the search box; it selects only in a select-only combobox.
        if (event.key === ' ' && event.currentTarget === searchRef.current) break;
        event.preventDefault();
        if (!isOpen) {
          setOpen(true);
          break;
        }
        const active = visible[activeIndex];
        if (active) choose(active.key);
        break;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        break;
      case 'Tab':
        if (isOpen && event.currentTarget === triggerRef.current) setOpen(false, false);
        break;
      default:
        typeToFind(event);
    }
  };

  // APG select-only combobox: typed letters (within 500 ms) move to the first matching option,
  // opening the menu if needed. A search box replaces this when the dropdown is searchable.
  const typeToFind = (event: KeyboardEvent<HTMLElement>) => {
    if (event.currentTarget === searchRef.current || isSearchable) return;
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const state = typeAhead.current;
    clearTimeout(state.timer);
    state.text += normalise(event.key);
    state.timer = setTimeout(() => {
      state.text = '';
    }, DROPDOWN_TYPE_AHEAD_RESET_MS);
    const from = isOpen
      ? activeIndex
      : visible.findIndex((item) => selectedKeys.includes(item.key));
    const start = state.text.length === 1 ? from + 1 : Math.max(from, 0);
    const ordered = [...visible.slice(start), ...visible.slice(0, start)];
    const match = ordered.find((item) => normalise(labelOf(item.option)).startsWith(state.text));
    if (!match) return;
    event.preventDefault();
    if (!isOpen) setOpen(true);
    moveActive(match.index);
  };

  const selectedOptions = selectedKeys.flatMap((key) => {
    const option = options.find((candidate) => keyOf(candidate) === key);
    return option ? [option] : [];
  });
  const summary =
    selectedKeys.length === 0
      ? labels.placeholder
      : isMultiple && selectedKeys.length > 1
        ? labels.selected(selectedKeys.length)
        : selectedOptions[0]
          ? labelOf(selectedOptions[0])
          : (selectedKeys[0] ?? '');
  const activeId = isOpen && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined;
  return (
    <Field
      ids={ids}
      label={label}
      labelAs="span"
      description={description}
      isRequired={isRequired}
      className={styles.field}
      data={{
        'data-open': isOpen || undefined,
        'data-disabled': isDisabled || undefined,
        'data-invalid': errorText ? true : undefined,
      }}
    >
      <div className={styles.control}>
        <button
          id={ids.controlId}
          type="button"
          role="combobox"
          className={styles.trigger}
          aria-labelledby={`${ids.labelId} ${id}-value`}
          aria-haspopup="listbox"
          aria-expanded={isOpen}
          aria-controls={isOpen ? listboxId : undefined}
          aria-activedescendant={isSearchable ? undefined : activeId}
          aria-describedby={describedBy(
            description && ids.descriptionId,
            errorText && ids.messageId,
          )}
          aria-invalid={errorText ? true : undefined}
          aria-required={isRequired || undefined}
          data-placeholder={selectedKeys.length === 0 || undefined}
          disabled={isDisabled}
          ref={setTriggerRef}
          {...getReferenceProps()}
          onClick={() => setOpen(!isOpen)}
          onKeyDown={onListKeyDown}
        >
          <span id={`${id}-value`} className={styles.value}>
            {summary}
          </span>
          <ChevronDownIcon size={18} className={styles.chevron} />
        </button>
        {isClearable && selectedKeys.length > 0 && !isDisabled ? (
          <button type="button" className={styles.clear} aria-label={labels.clear} onClick={clear}>
            <CloseIcon size={16} />
          </button>
        ) : null}
      </div>
      {name
        ? selectedKeys.map((key) => <input key={key} type="hidden" name={name} value={key} />)
        : null}
      {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
      {isOpen ? (
        <FloatingPortal>
          <div
            ref={setFloating}
            className={styles.menu}
            style={floatingStyles}
            {...getFloatingProps()}
            onBlur={(event) => {
              // Tabbing out of the menu closes it, as leaving a native select does.
              const next = event.relatedTarget;
              const trigger = document.getElementById(ids.controlId);
              if (
                next instanceof Node &&
                !event.currentTarget.contains(next) &&
                !trigger?.contains(next)
              ) {
                setOpen(false, false);
              }
            }}
          >
            {isSearchable ? (
              <div className={styles.search}>
                <SearchIcon size={16} />
                <input
                  ref={searchRef}
                  // Focus moves into the menu's search box when it opens (APG: combobox with
                  // a popup); the user asked for it by opening the menu.
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus
                  type="text"
                  role="combobox"
                  aria-label={labels.search}
                  aria-expanded="true"
                  aria-controls={listboxId}
                  aria-autocomplete="list"
                  aria-activedescendant={activeId}
                  placeholder={labels.search}
                  value={query}
                  onChange={(event) => {
                    setQuery(event.target.value);
                    setShownCount(pageSize);
                    setActiveIndex(0);
                    onSearch?.(event.target.value);
                  }}
                  onKeyDown={onListKeyDown}
                />
              </div>
            ) : null}
            <div
              id={listboxId}
              role="listbox"
              aria-labelledby={ids.labelId}
              aria-multiselectable={isMultiple || undefined}
              aria-busy={isPending || undefined}
              className={styles.listbox}
            >
              {groups.map((group, groupIndex) => {
                const optionsOfGroup = group.items.map((item) => {
                  const isSelected = selectedKeys.includes(item.key);
                  return (
                    <div
                      key={item.key}
                      id={`${id}-option-${item.index}`}
                      role="option"
                      aria-selected={isSelected}
                      tabIndex={-1}
                      className={styles.option}
                      data-active={item.index === activeIndex || undefined}
                      data-selected={isSelected || undefined}
                      onMouseMove={() => setActiveIndex(item.index)}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(item.key)}
                      onKeyDown={onListKeyDown}
                    >
                      {isMultiple ? (
                        <span className={styles.checkbox} aria-hidden="true">
                          {isSelected ? <CheckIcon size={14} /> : null}
                        </span>
                      ) : null}
                      <span className={styles.optionLabel}>
                        {renderOption ? renderOption(item.option) : labelOf(item.option)}
                      </span>
                      {!isMultiple && isSelected ? <CheckIcon size={16} /> : null}
                    </div>
                  );
                });
                if (group.name === undefined) return optionsOfGroup;
                const headingId = `${id}-group-${groupIndex}`;
                return (
                  <div
                    key={headingId}
                    role="group"
                    aria-labelledby={headingId}
                    className={styles.group}
                  >
                    <div id={headingId} role="presentation" className={styles.groupLabel}>
                      {group.name}
                    </div>
                    {optionsOfGroup}
                  </div>
                );
              })}
              {visible.length === 0 && !isPending ? (
                <div
                  className={styles.empty}
                  role="option"
                  aria-selected="false"
                  aria-disabled="true"
                >
                  {labels.noResult}
                </div>
              ) : null}
            </div>
            {isPending ? (
              <div className={styles.pending}>
                <Spinner size="small" label={labels.loading} />
              </div>
            ) : null}
            {hasMore ? (
              <button
                type="button"
                className={styles.more}
                onClick={() => {
                  setShownCount(shownCount + pageSize);
                  (searchRef.current ?? triggerRef.current)?.focus();
                }}
              >
                {labels.displayMore}
              </button>
            ) : null}
          </div>
        </FloatingPortal>
      ) : null}
    </Field>
  );
}
