import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons/icons';
import styles from './toast.module.css';
import type { Toast, Toaster } from './toaster';

export interface ToastRegionProps {
  toaster: Toaster;
  /** Accessible name of the close button of each toast. */
  closeLabel?: string;
  /** Accessible name of the region (a landmark screen-reader users can jump to). */
  label?: string;
}

const icons = { success: SuccessIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon };

/**
 * The open modal dialogs carry this attribute, and this event at the document says their set
 * changed (components/dialog, where the names are explained).
 */
const MODAL_LAYER_ATTRIBUTE = 'data-modal-layer';
const MODAL_LAYER_CHANGE = 'modallayerchange';

function subscribeToModalLayer(listener: () => void): () => void {
  document.addEventListener(MODAL_LAYER_CHANGE, listener);
  return () => document.removeEventListener(MODAL_LAYER_CHANGE, listener);
}

/** The topmost open modal dialog: the last one opened, the last one in the document. */
function topmostModal(): Element | null {
  const dialogs = document.querySelectorAll(`[${MODAL_LAYER_ATTRIBUTE}]`);
  return dialogs[dialogs.length - 1] ?? null;
}

/**
 * Renders the toaster's toasts, stacked at the top right. Mount it once, near the root. While a
 * modal dialog is open the region is inside it: the rest of the page is then inert and under the
 * dialog's backdrop, and a toast must stay readable, announced and closable.
 */
export function ToastRegion({
  toaster,
  closeLabel = 'Close',
  label = 'Notifications',
}: ToastRegionProps) {
  const toasts = useSyncExternalStore(toaster.subscribe, toaster.getSnapshot, toaster.getSnapshot);
  const modal = useSyncExternalStore(subscribeToModalLayer, topmostModal, () => null);
  // Moving into a dialog and back out mounts the toasts anew: what each has lived through (its
  // entrance, the time it has been read) is kept here, by id, so a move neither replays its
  // entrance nor restarts its countdown.
  const [lives] = useState(() => new Map<string, ToastLife>());
  useEffect(() => {
    for (const id of lives.keys()) {
      if (!toasts.some((toast) => toast.id === id)) lives.delete(id);
    }
  }, [lives, toasts]);
  const lifeOf = (toast: Toast) => {
    let life = lives.get(toast.id);
    if (!life) {
      life = new ToastLife(toast.autoClose);
      lives.set(toast.id, life);
    }
    return life;
  };
  const region = (
    <section className={styles.region} aria-label={label}>
      {toasts.map((toast) => (
        <ToastItem
          key={toast.id}
          toast={toast}
          life={lifeOf(toast)}
          closeLabel={closeLabel}
          onClose={() => toaster.dismiss(toast.id)}
        />
      ))}
    </section>
  );
  return modal ? createPortal(region, modal) : region;
}

/** What a shown toast has lived through: whether it has entered, and how long it has left. */
class ToastLife {
  hasEntered = false;

  /** Milliseconds before it closes by itself, less the time it has been shown unpaused. */
  constructor(public remaining: number) {}

  enter() {
    this.hasEntered = true;
  }

  spend(ms: number) {
    this.remaining -= ms;
  }
}

function ToastItem({
  toast,
  life,
  closeLabel,
  onClose,
}: {
  toast: Toast;
  life: ToastLife;
  closeLabel: string;
  onClose: () => void;
}) {
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [hadEntered] = useState(life.hasEntered);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    life.enter();
  }, [life]);

  const isPaused = isHovered || isFocused;
  // Pausing on hover and focus gives people time to read and reach the close button (WCAG 2.2.1).
  useEffect(() => {
    if (toast.autoClose <= 0 || toast.state !== 'open' || isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onCloseRef.current(), life.remaining);
    return () => {
      clearTimeout(timer);
      life.spend(Date.now() - startedAt);
    };
  }, [life, toast.autoClose, toast.state, isPaused]);

  const Icon = icons[toast.type];
  // Errors and warnings interrupt (alert); success and info wait for a pause (status).
  const role = toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status';
  return (
    <div
      role={role}
      aria-atomic="true"
      className={styles.toast}
      data-type={toast.type}
      data-state={toast.state}
      data-entered={hadEntered || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Icon size={20} />
      <div className={styles.body}>
        <p className={styles.title}>{toast.title}</p>
        {toast.description ? <p className={styles.description}>{toast.description}</p> : null}
      </div>
      <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
