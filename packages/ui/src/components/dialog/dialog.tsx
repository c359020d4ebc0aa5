import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { CloseIcon } from '../icons/icons';
import styles from './dialog.module.css';

/** Opening and closing animations last 150 ms each. */
export const DIALOG_ANIMATION_MS = 150;
const SHAKE_MS = 300;

export interface DialogProps {
  isOpen: boolean;
  /** Called when the user asks to close (close button, Escape, allowed outside click). */
  onClose: () => void;
  /** Heading and accessible name. */
  title: ReactNode;
  /** Text under the title, also the accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions at the bottom (buttons). */
  footer?: ReactNode;
  /**
   * When false there is no close button, and Escape and outside clicks are refused with a shake
   * (e.g. the consent pop-up). Default true.
   */
  isClosable?: boolean;
  /** An outside click closes the dialog only when this and `isClosable` are true. */
  closeOnClickOutside?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /**
   * Width in pixels, else `--dialog-width` from `className`, else 450; always capped at the
   * viewport width minus 24 px.
   */
  width?: number;
  className?: string;
  /**
   * Shown at once, without the opening animation: for a dialog taking over from the same dialog
   * already on screen (painted by the server before the scripts ran, `StaticDialog`).
   */
  isAlreadyShown?: boolean;
}

type Phase = 'open' | 'shown' | 'closing' | 'shaking';

/**
 * A modal dialog (APG dialog pattern): focus moves in on open, is trapped inside, the page behind
 * is inert, and focus returns to where it was on close.
 */
export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  children,
  footer,
  isClosable = true,
  closeOnClickOutside = false,
  closeLabel = 'Close',
  width,
  className,
  isAlreadyShown = false,
}: DialogProps) {
  const id = useId();
  const [isMounted, setMounted] = useState(isOpen);
  const [phase, setPhase] = useState<Phase>(isAlreadyShown ? 'shown' : 'open');
  const [wasOpen, setWasOpen] = useState(isOpen);

  // Adjust state while rendering (not in an effect) so the first open frame is already mounted.
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setMounted(true);
      setPhase('open');
    } else {
      setPhase('closing');
    }
  }

  useEffect(() => {
    if (phase === 'closing') {
      const timer = setTimeout(() => setMounted(false), DIALOG_ANIMATION_MS);
      return () => clearTimeout(timer);
    }
    if (phase === 'shaking') {
      const timer = setTimeout(() => setPhase('open'), SHAKE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase]);

  const { context } = useFloating({
    open: isOpen,
    onOpenChange: (open, _event, reason) => {
      if (open) return;
      const allowed = reason === 'outside-press' ? isClosable && closeOnClickOutside : isClosable;
      if (allowed) onClose();
      else setPhase('shaking');
    },
  });
  // A stable callback ref; read from the context so the React Compiler lint does not mistake the
  // `refs` object for a ref read during render.
  const { setFloating } = context.refs;
  const dismiss = useDismiss(context, { outsidePress: true, escapeKey: true });
  const { getFloatingProps } = useInteractions([dismiss]);

  if (!isMounted) return null;
  const state = isOpen ? phase : 'closing';

  return (
    <FloatingPortal>
      <FloatingOverlay className={styles.overlay} lockScroll data-state={state}>
        <FloatingFocusManager context={context} modal returnFocus>
          <DialogSurface
            id={id}
            title={title}
            description={description}
            footer={footer}
            isClosable={isClosable}
            closeLabel={closeLabel}
            onClose={onClose}
            width={width}
            className={className}
            state={state}
            surfaceRef={setFloating}
            surfaceProps={getFloatingProps()}
          >
            {children}
          </DialogSurface>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}

interface DialogSurfaceProps extends Pick<
  DialogProps,
  'title' | 'description' | 'children' | 'footer' | 'isClosable' | 'closeLabel' | 'className'
> {
  id: string;
  width?: number;
  state: Phase | 'static';
  onClose?: () => void;
  surfaceRef?: (element: HTMLElement | null) => void;
  surfaceProps?: Record<string, unknown>;
}

/** The dialog box itself: title, close button, description, content and actions. */
function DialogSurface({
  id,
  title,
  description,
  children,
  footer,
  isClosable = true,
  closeLabel = 'Close',
  onClose,
  width,
  className,
  state,
  surfaceRef,
  surfaceProps,
}: DialogSurfaceProps) {
  return (
    <div
      ref={surfaceRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      className={className ? `${styles.dialog} ${className}` : styles.dialog}
      data-state={state}
      style={width ? ({ '--dialog-width': `${width}px` } as CSSProperties) : undefined}
      {...surfaceProps}
    >
      <div className={styles.header}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        {isClosable ? (
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <CloseIcon size={20} />
          </button>
        ) : null}
      </div>
      {description ? (
        <p id={`${id}-description`} className={styles.description}>
          {description}
        </p>
      ) : null}
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}

export type StaticDialogProps = Omit<
  DialogProps,
  'isOpen' | 'onClose' | 'closeOnClickOutside' | 'isAlreadyShown' | 'width'
>;

/**
 * A dialog as it looks, without its behaviour (no focus trap, no Escape): the markup a server
 * paints before any script runs. The page's scripts then show the live `Dialog` in its place
 * with `isAlreadyShown`, so nothing moves. Its width comes from `--dialog-width` in `className`:
 * a page under a strict content security policy takes no style attribute.
 */
export function StaticDialog(props: StaticDialogProps) {
  const id = useId();
  return (
    <div className={`${styles.overlay} ${styles.staticOverlay}`} data-state="static">
      <DialogSurface id={id} state="static" {...props} />
    </div>
  );
}
