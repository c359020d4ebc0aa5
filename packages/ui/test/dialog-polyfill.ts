/**
 * jsdom has the `<dialog>` element but none of its methods. This gives it the part of the HTML
 * standard that unit tests rely on: `showModal()`, `show()`, `close()` and `requestClose()` set
 * and remove the `open` attribute, focus moves in on opening and back on closing, `close` is
 * fired as a task, Escape is a close request (`cancel`, cancelable, then `close`) unless
 * `closedby="none"` or a keydown listener prevented it, and `focus()` does nothing on an element
 * outside the topmost modal dialog (inert). What jsdom cannot give (the top layer, Tab and clicks
 * kept off the page behind, Chromium's close-request rules) is tested in a real browser
 * (e2e/dialog.spec.ts).
 */

interface DialogState {
  isModal: boolean;
  previouslyFocused: Element | null;
}

const states = new WeakMap<HTMLDialogElement, DialogState>();
const openModals: HTMLDialogElement[] = [];

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]';

/** A dialog taken out of the document has left the top layer. */
function topmostModal(): HTMLDialogElement | undefined {
  return openModals.findLast((dialog) => dialog.isConnected);
}

function invalidState(message: string): DOMException {
  return new DOMException(message, 'InvalidStateError');
}

/** The dialog focusing steps: the autofocus element, else the first focusable one, else itself. */
function focusInside(dialog: HTMLDialogElement): void {
  const target =
    dialog.querySelector<HTMLElement>('[autofocus]') ??
    dialog.querySelector<HTMLElement>(FOCUSABLE) ??
    dialog;
  target.focus();
}

function open(dialog: HTMLDialogElement, isModal: boolean): void {
  if (dialog.hasAttribute('open')) {
    if (states.get(dialog)?.isModal === isModal) return;
    throw invalidState('The dialog is already open in the other mode.');
  }
  if (isModal && !dialog.isConnected) throw invalidState('The dialog is not in a document.');
  dialog.setAttribute('open', '');
  states.set(dialog, { isModal, previouslyFocused: dialog.ownerDocument.activeElement });
  if (isModal) openModals.push(dialog);
  focusInside(dialog);
}

function close(dialog: HTMLDialogElement, returnValue?: string): void {
  if (!dialog.hasAttribute('open')) return;
  dialog.removeAttribute('open');
  const state = states.get(dialog);
  states.delete(dialog);
  const index = openModals.indexOf(dialog);
  if (index !== -1) openModals.splice(index, 1);
  if (returnValue !== undefined) dialog.returnValue = returnValue;
  const focused = dialog.ownerDocument.activeElement;
  if (
    state?.previouslyFocused instanceof HTMLElement &&
    (state.isModal || dialog.contains(focused))
  )
    state.previouslyFocused.focus();
  setTimeout(() => dialog.dispatchEvent(new Event('close')), 0);
}

function requestClose(dialog: HTMLDialogElement, returnValue?: string): void {
  if (!dialog.hasAttribute('open')) return;
  const cancel = new Event('cancel', { cancelable: true });
  if (dialog.dispatchEvent(cancel)) close(dialog, returnValue);
}

const prototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
if (!prototype.showModal) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      open(this, true);
    },
    show(this: HTMLDialogElement) {
      open(this, false);
    },
    close(this: HTMLDialogElement, returnValue?: string) {
      close(this, returnValue);
    },
    requestClose(this: HTMLDialogElement, returnValue?: string) {
      requestClose(this, returnValue);
    },
  });
  Object.defineProperty(HTMLDialogElement.prototype, 'returnValue', {
    configurable: true,
    writable: true,
    value: '',
  });

  // The page behind a modal dialog is inert: it takes no focus.
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusUnlessInert(this: HTMLElement, options) {
    const dialog = topmostModal();
    if (dialog && !dialog.contains(this)) return;
    focus.call(this, options);
  };

  // Escape is a close request for the topmost modal dialog, after the page's own keydown
  // listeners had their chance to prevent it.
  window.addEventListener('keydown', (event) => {
    const dialog = topmostModal();
    if (event.key !== 'Escape' || event.defaultPrevented || !dialog) return;
    if (dialog.getAttribute('closedby') === 'none') return;
    requestClose(dialog);
  });
}
