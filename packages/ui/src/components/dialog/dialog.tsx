import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../icons/icons';
import styles from './dialog.module.css';

/** Opening and closing animations last 150 ms each. */
export const DIALOG_ANIMATION_MS = 150;
const SHAKE_MS = 300;

/**
 * The modal layer. While a modal `<dialog>` is open, everything outside it is inert and drawn
 * under its backdrop, whatever its z-index: what must stay in reach above it (the toasts) is
 * rendered inside the topmost one. An open dialog (not a closing one) carries this attribute,
 * and this event at the document says the set changed. The toast region reads both by name
 * (components/toast), and the command palette's shortcut the attribute (it does not open the
 * palette behind a dialog): a module shared by them would be one more file in every page's list.
 */
const MODAL_LAYER_ATTRIBUTE = 'data-modal-layer';
const MODAL_LAYER_CHANGE = 'modallayerchange';

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
  /** Class of the dialog element, e.g. one that sets `--dialog-width`. */
  className?: string;
  /**
   * Shown at once, without the opening animation: for a dialog taking over from the same dialog
   * already on screen (painted by the server before the scripts ran, `StaticDialog`).
   */
  isAlreadyShown?: boolean;
}

type Phase = 'open' | 'shown' | 'closing' | 'shaking';

/**
 * A modal dialog (APG dialog pattern) on the platform's `<dialog>`, opened with `showModal()`: it
 * sits in the top layer over a `::backdrop`, the rest of the page is inert (no focus, no click,
 * out of the accessibility tree), focus moves in on open and returns where it was on close.
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Whether the press that ends in a click started on the backdrop: a text selection dragged
  // out of the box is not a click outside.
  const pressedBackdrop = useRef(false);

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
      const timer = setTimeout(() => {
        // Closed while still in the document, so the platform gives focus back to the opener.
        dialogRef.current?.close();
        setMounted(false);
      }, DIALOG_ANIMATION_MS);
      return () => clearTimeout(timer);
    }
    if (phase === 'shaking') {
      const timer = setTimeout(() => setPhase('shown'), SHAKE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase]);

  // Shown modally before the first paint, and closed before it leaves the document (a dialog
  // removed while open gives no focus back).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!isMounted || !dialog) return undefined;
    // The page's scroll is locked while the dialog is open (dialog.module.css); a page that had
    // a scrollbar keeps its gutter, so nothing behind the backdrop moves sideways.
    dialog.toggleAttribute(
      'data-page-scrolls',
      window.innerWidth > document.documentElement.clientWidth,
    );
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [isMounted]);

  // In the modal layer while open (the toasts come inside it, above the backdrop), out of it as
  // soon as it starts closing. Said once the element is in the document or out of it.
  const isInModalLayer = isOpen && isMounted;
  useLayoutEffect(() => {
    const announce = () =>
      queueMicrotask(() => document.dispatchEvent(new Event(MODAL_LAYER_CHANGE)));
    announce();
    return announce;
  }, [isInModalLayer]);

  if (!isMounted || typeof document === 'undefined') return null;
  const state = isOpen ? phase : 'closing';

  /** A close request the dialog may refuse: Escape, the platform's close request, a click outside. */
  const requestClose = (isAllowed: boolean) => {
    if (!isOpen) return;
    if (isAllowed) onClose();
    else setPhase('shaking');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    // Handled here, not by the platform: its close request would close at once, without the
    // closing animation, and a second Escape without a click in between may not be refusable.
    event.preventDefault();
    requestClose(isClosable);
  };

  // Any other close request (a back gesture, or Escape where a child stopped its propagation).
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    requestClose(isClosable);
  };

  // A close request the platform would not let the page refuse (a `cancel` event that cannot
  // be cancelled) still closes the element: a dialog that must be answered is shown again at once.
  const onNativeClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    const dialog = event.currentTarget;
    if (!isOpen || dialog.open || !dialog.isConnected) return;
    if (isClosable) {
      onClose();
      return;
    }
    dialog.showModal();
    setPhase('shaking');
  };

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and a click on the backdrop are the dialog's own close requests.
    <dialog
      ref={dialogRef}
      // The platform's own close requests: none for a dialog that must be answered; otherwise
      // Escape and the back gesture, never a click outside (handled below, with the shake).
      closedby={isClosable ? 'closerequest' : 'none'}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      className={className ? `${styles.dialog} ${className}` : styles.dialog}
      data-state={state}
      {...{ [MODAL_LAYER_ATTRIBUTE]: isInModalLayer ? '' : undefined }}
      style={width ? ({ '--dialog-width': `${width}px` } as CSSProperties) : undefined}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onNativeClose}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      // The element is exactly the size of its box: a click on the element itself is a click on
      // its backdrop. The second click of a double click is none: the first may have changed
      // the box under the pointer (a form that became its shorter confirmation).
      onClick={(event) => {
        if (event.target !== event.currentTarget || !pressedBackdrop.current) return;
        if (event.detail > 1) return;
        pressedBackdrop.current = false;
        requestClose(isClosable && closeOnClickOutside);
      }}
    >
      <DialogSurface
        id={id}
        title={title}
        description={description}
        footer={footer}
        isClosable={isClosable}
        closeLabel={closeLabel}
        onClose={() => requestClose(true)}
      >
        {children}
      </DialogSurface>
    </dialog>,
    document.body,
  );
}

interface DialogSurfaceProps extends Pick<
  DialogProps,
  'title' | 'description' | 'children' | 'footer' | 'isClosable' | 'closeLabel'
> {
  id: string;
  onClose?: () => void;
}

/** The dialog's box: title, close button, description, content and actions. */
function DialogSurface({
  id,
  title,
  description,
  children,
  footer,
  isClosable = true,
  closeLabel = 'Close',
  onClose,
}: DialogSurfaceProps) {
  return (
    <div className={styles.surface}>
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
 * paints before any script runs, the same box at the same place over the same scrim as the live
 * `Dialog`, which then takes its place with `isAlreadyShown`, so nothing moves. Its width comes
 * from `--dialog-width` in `className`: a page under a strict content security policy takes no
 * style attribute.
 */
export function StaticDialog({ className, description, ...props }: StaticDialogProps) {
  const id = useId();
  return (
    <div className={styles.staticBackdrop}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        className={className ? `${styles.dialog} ${className}` : styles.dialog}
        data-state="static"
      >
        <DialogSurface id={id} description={description} {...props} />
      </div>
    </div>
  );
}
