import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingPortal,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useMergeRefs,
  useRole,
  useTypeahead,
  type Placement,
} from '@floating-ui/react';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import styles from './menu.module.css';
import { useAnchorRef } from '../../internal/use-anchor-ref';

export interface MenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  onAction: () => void;
  isDisabled?: boolean;
}

export interface MenuProps {
  /**
   * The menu button (a button element). The menu adds `aria-haspopup`, `aria-expanded`,
   * `aria-controls`, its ref and its click handler.
   */
  trigger: ReactElement;
  items: MenuItem[];
  /** Accessible name of the menu. */
  label: string;
  /** Default `bottom-end` (menus usually hang under a header button on the right). */
  placement?: Placement;
}

/**
 * An APG menu button: Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
 * arrows move (wrapping), Home/End jump, typing a letter finds an item, Escape closes and returns
 * focus to the button.
 */
export function Menu({ trigger, items, label, placement = 'bottom-end' }: MenuProps) {
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);
  useEffect(() => {
    labelsRef.current = items.map((item) => item.label);
  }, [items]);
  const disabledIndices = items.flatMap((item, index) => (item.isDisabled ? [index] : []));

  const { context, floatingStyles } = useFloating({
    open: isOpen,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(4), flip(), shift({ padding: 8 })],
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context, { event: 'mousedown' }),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, {
      listRef,
      activeIndex,
      onNavigate: setActiveIndex,
      loop: true,
      disabledIndices,
    }),
    useTypeahead(context, {
      listRef: labelsRef,
      activeIndex,
      onMatch: (index) => (isOpen ? setActiveIndex(index) : undefined),
    }),
  ]);

  const triggerRef = (trigger.props as { ref?: Ref<Element> }).ref;
  const { setReference, setFloating } = context.refs;
  const anchorRef = useAnchorRef(setReference, isOpen);
  const mergedRef = useMergeRefs([anchorRef, triggerRef]);

  const enabled = items.flatMap((item, index) => (item.isDisabled ? [] : [index]));
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const target = event.key === 'Home' ? enabled[0] : enabled[enabled.length - 1];
      // List navigation moves the focus to the new active item.
      if (target !== undefined) setActiveIndex(target);
    }
  };

  const activate = (item: MenuItem) => {
    if (item.isDisabled) return;
    // Focus is back on the menu button before the action runs: a modal dialog the action opens
    // takes focus from there and gives it back there (the menu's own return would come too late:
    // the button is inert by then).
    (context.elements.domReference as HTMLElement | null)?.focus();
    setOpen(false);
    item.onAction();
  };

  return (
    <>
      {cloneElement(trigger, {
        ref: mergedRef,
        'aria-haspopup': 'menu',
        ...getReferenceProps(trigger.props as Record<string, unknown>),
      } as Record<string, unknown>)}
      {isOpen ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1} returnFocus>
            <div
              ref={setFloating}
              className={styles.menu}
              style={floatingStyles as CSSProperties}
              {...getFloatingProps({ onKeyDown: onMenuKeyDown })}
              // The role hook names the menu after its button; the kit's API names it by `label`.
              aria-labelledby={undefined}
              aria-label={label}
            >
              {items.map((item, index) => (
                <button
                  key={item.id}
                  type="button"
                  role="menuitem"
                  className={styles.item}
                  ref={(node) => {
                    listRef.current[index] = node;
                  }}
                  tabIndex={activeIndex === index ? 0 : -1}
                  aria-disabled={item.isDisabled || undefined}
                  data-active={activeIndex === index || undefined}
                  {...getItemProps({
                    onClick: () => activate(item),
                  })}
                >
                  {item.icon}
                  {item.label}
                </button>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
