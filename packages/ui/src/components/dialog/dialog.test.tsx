import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, StaticDialog, type DialogProps } from './dialog';

function Harness(props: Partial<DialogProps>) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        title="Edit profile"
        description="Your name as shown"
        isOpen={isOpen}
        footer={<button type="button">Save</button>}
        {...props}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        <input aria-label="First name" />
      </Dialog>
    </>
  );
}

async function openDialog(props: Partial<DialogProps> = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
  return { user, dialog };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Dialog title="T" isOpen={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a named, described modal dialog and moves focus inside', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Your name as shown');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('is 450 px wide by default, or the given width', async () => {
    const { dialog } = await openDialog({ width: 700 });
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('700px');
  });

  it('opens the element modally: the platform makes the page behind inert and keeps Tab inside', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const { dialog } = await openDialog();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    // Escape and the back gesture are close requests; a click outside is handled by the dialog.
    expect(dialog).toHaveAttribute('closedby', 'closerequest');
    showModal.mockRestore();
  });

  it('closes with the close button, plays the 150 ms closing animation and restores focus', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose, closeLabel: 'Fermer' });
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).toHaveAttribute('data-state', 'closing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on Escape when closable, with the closing animation', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    // Still open while it animates: the platform's own Escape handling was prevented.
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('data-state', 'closing');
  });

  // The dialog element is exactly the size of its box: a click on the element itself is one on
  // the backdrop (e2e/dialog.spec.ts clicks the real backdrop).
  it('refuses an outside click unless closeOnClickOutside, with a shake', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose });
    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('data-state', 'shaking');
    // Back to still, without playing the opening animation again.
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'shown'));
    expect(dialog).toHaveAttribute('open');
  });

  it('closes on an outside click when closable and closeOnClickOutside', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose, closeOnClickOutside: true });
    await user.click(screen.getByRole('textbox', { name: 'First name' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("takes a double click's second press on the backdrop for no outside click", async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ onClose, closeOnClickOutside: true });
    // As when the first click changed the box, so that the second lands beside it.
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog, { detail: 2 });
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('data-state', 'open');
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog, { detail: 1 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes a press that starts in the box and ends outside for no outside click', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose, closeOnClickOutside: true });
    const field = screen.getByRole('textbox', { name: 'First name' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: field },
      { keys: '[/MouseLeft]', target: dialog },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('data-state', 'open');
  });

  it('answers any other close request of the platform like Escape', async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ onClose });
    act(() => (dialog as HTMLDialogElement).requestClose());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('when not closable: no close button, Escape and outside clicks shake instead of closing', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({
      onClose,
      isClosable: false,
      closeOnClickOutside: true,
    });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    // The platform's own close requests are off.
    expect(dialog).toHaveAttribute('closedby', 'none');
    await user.keyboard('{Escape}');
    expect(dialog).toHaveAttribute('data-state', 'shaking');
    await user.click(dialog);
    act(() => (dialog as HTMLDialogElement).requestClose());
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('when not closable and closed by the platform all the same, shows itself again at once', async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ onClose, isClosable: false });
    act(() => (dialog as HTMLDialogElement).close());
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'shaking'));
    expect(dialog).toHaveAttribute('open');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('when closable and closed by the platform, tells its owner', async () => {
    const onClose = vi.fn();
    const { dialog } = await openDialog({ onClose });
    act(() => (dialog as HTMLDialogElement).close());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens and closes the same under StrictMode, whose effects run twice', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(dialog).toHaveAttribute('open');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('re-opens after closing', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => {});
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'open');
  });

  it('takes over from the same dialog already on screen without the opening animation', () => {
    render(<Dialog title="Privacy" isOpen isAlreadyShown onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Privacy' })).toHaveAttribute('data-state', 'shown');
  });
});

describe('StaticDialog', () => {
  it('draws the dialog, named and described, with no behaviour and no style attribute', () => {
    const { container } = render(
      <StaticDialog
        title="Privacy"
        description="Your choice"
        isClosable={false}
        footer={<button type="button">OK</button>}
      >
        <p>Text</p>
      </StaticDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Privacy' });
    expect(dialog).toHaveAccessibleDescription('Your choice');
    expect(dialog).toHaveAttribute('data-state', 'static');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    // Painted by a server under a strict content security policy: a style attribute is refused.
    expect(container.querySelector('[style]')).toBeNull();
  });
});
