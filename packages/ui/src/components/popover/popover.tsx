import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingPortal,
  offset,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useMergeRefs,
  useRole,
  type Placement,
} from '@floating-ui/react';
import {
  cloneElement,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import styles from './popover.module.css';
import { useAnchorRef } from '../../internal/use-anchor-ref';

/** A fit-or-expand popover may grow up to 250 px wider than its anchor. */
export const FIT_OR_EXPAND_EXTRA_PX = 250;

export interface PopoverProps {
  /**
   * The element that opens the popover: a button (or anything focusable). The popover adds
   * `aria-expanded`, `aria-controls`, `aria-haspopup`, its ref and its click handler.
   */
  trigger: ReactElement;
  /** Content of the popover. */
  children: ReactNode;
  /** Accessible name of the popover (a non-modal dialog). */
  label: string;
  /** Controlled open state. */
  isOpen?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the popover asks to open or close (trigger click, Escape, outside click). */
  onOpenChange?: (isOpen: boolean) => void;
  /** Preferred side; it flips to the other side when there is no room. Default `bottom-start`. */
  placement?: Placement;
  /** Distance from the anchor, in pixels. Default 4. */
  offset?: number;
  /**
   * `auto`: as wide as its content. `fit-or-expand`: at least as wide as the anchor and at most
   * 250 px wider. Prefer the `FitOrExpandPopover` entry point for the latter.
   */
  widthMode?: 'auto' | 'fit-or-expand';
  /** Move focus into the popover when it opens (default true). */
  isFocusMovedIn?: boolean;
  className?: string;
}

/**
 * An anchored, non-modal popover: flips above or below when there is no room, stays in view,
 * and closes on Escape or an outside click, returning focus to its trigger.
 */
export function Popover({
  trigger,
  children,
  label,
  isOpen: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  placement = 'bottom-start',
  offset: distance = 4,
  widthMode = 'auto',
  isFocusMovedIn = true,
  className,
}: PopoverProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isOpen = controlledOpen ?? uncontrolledOpen;
  const setOpen = (open: boolean) => {
    if (controlledOpen === undefined) setUncontrolledOpen(open);
    onOpenChange?.(open);
  };

  const { context, floatingStyles } = useFloating({
    open: isOpen,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(distance),
      flip({ fallbackAxisSideDirection: 'none' }),
      shift({ padding: 8 }),
      widthMode === 'fit-or-expand'
        ? size({
            apply({ rects, elements }) {
              Object.assign(elements.floating.style, {
                minWidth: `${rects.reference.width}px`,
                maxWidth: `${rects.reference.width + FIT_OR_EXPAND_EXTRA_PX}px`,
              });
            },
          })
        : undefined,
    ],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);

  // The trigger keeps its own ref (e.g. a ProfileButton forwarded ref) as well as ours.
  const triggerRef = (trigger.props as { ref?: Ref<Element> }).ref;
  const { setReference, setFloating } = context.refs;
  const anchorRef = useAnchorRef(setReference, isOpen);
  const mergedRef = useMergeRefs([anchorRef, triggerRef]);

  return (
    <>
      {cloneElement(trigger, {
        ref: mergedRef,
        ...getReferenceProps(trigger.props as Record<string, unknown>),
      } as Record<string, unknown>)}
      {isOpen ? (
        <FloatingPortal>
          <FloatingFocusManager
            context={context}
            modal={false}
            initialFocus={isFocusMovedIn ? 0 : -1}
            returnFocus
          >
            <div
              ref={setFloating}
              aria-label={label}
              className={className ? `${styles.popover} ${className}` : styles.popover}
              data-width-mode={widthMode}
              data-placement={context.placement}
              style={floatingStyles as CSSProperties}
              {...getFloatingProps()}
            >
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
