import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

  it('traps Tab inside', async () => {
    const { user, dialog } = await openDialog();
    const visited = new Set<Element | null>();
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      // Floating UI's focus guards hand focus back inside on their own focus event.
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      visited.add(document.activeElement);
    }
    expect(visited.size).toBe(3);
    expect(screen.getByRole('button', { name: 'Open', hidden: true })).not.toHaveFocus();
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

  it('closes on Escape when closable', async () => {
    const onClose = vi.fn();
    const { user } = await openDialog({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses an outside click unless closeOnClickOutside, with a shake', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose });
    await user.click(dialog.parentElement as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('data-state', 'shaking');
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'open'));
  });

  it('closes on an outside click when closable and closeOnClickOutside', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openDialog({ onClose, closeOnClickOutside: true });
    await user.click(dialog.parentElement as HTMLElement);
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
    await user.keyboard('{Escape}');
    expect(dialog).toHaveAttribute('data-state', 'shaking');
    await user.click(dialog.parentElement as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
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
