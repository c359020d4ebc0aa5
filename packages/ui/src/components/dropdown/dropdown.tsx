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
import { useRef, useState } from 'react';
import { Field, FieldMessage, describedBy, useFieldIds } from '../field/field';
import { ListBoxOption } from '../list-box/list-box';
import { CheckIcon, ChevronDownIcon, CloseIcon, SearchIcon } from '../icons';
import { Spinner } from '../spinner';
import styles from './dropdown.module.css';
import { DROPDOWN_MENU_HEIGHT, defaultDropdownLabels, type DropdownProps } from './dropdown-props';
import { normalise } from './normalise';
import { useDropdownKeyboard } from './use-dropdown-keyboard';
import { useControllableState } from '../../internal/use-controllable-state';
import { useAnchorRef } from '../../internal/use-anchor-ref';

function read(option: object, field: string): unknown {
  return (option as Record<string, unknown>)[field];
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
  const anchorRef = useAnchorRef(setReference, isOpen);
  const setTriggerRef = useMergeRefs([anchorRef, triggerRef, ref]);

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

  const { onListKeyDown } = useDropdownKeyboard({
    visible,
    activeIndex,
    setActiveIndex,
    isOpen,
    setOpen,
    choose,
    isSearchable,
    selectedKeys,
    labelOf,
    optionId: (index) => `${id}-option-${index}`,
    searchRef,
    triggerRef,
  });

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
      isInvalid={Boolean(errorText)}
      isDisabled={isDisabled}
      data={{ 'data-open': isOpen || undefined }}
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
                    <ListBoxOption
                      key={item.key}
                      id={`${id}-option-${item.index}`}
                      isSelected={isSelected}
                      isActive={item.index === activeIndex}
                      onActivate={() => setActiveIndex(item.index)}
                      onChoose={() => choose(item.key)}
                      onKeyDown={onListKeyDown}
                      keepsFocus
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
                    </ListBoxOption>
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
