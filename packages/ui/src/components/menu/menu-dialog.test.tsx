import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../dialog/dialog';
import { Menu } from './menu';

function MenuOpeningDialog() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Menu
        label="Account"
        trigger={<button type="button">Jane DOE</button>}
        items={[{ id: 'edit', label: 'Edit profile', onAction: () => setOpen(true) }]}
      />
      <Dialog isOpen={isOpen} onClose={() => setOpen(false)} title="Edit profile">
        <input aria-label="First name" />
      </Dialog>
    </>
  );
}

describe('Menu with a dialog', () => {
  it('an action that opens a dialog leaves focus inside the dialog, and closing it returns to the menu button', async () => {
    const user = userEvent.setup();
    render(<MenuOpeningDialog />);
    const trigger = screen.getByRole('button', { name: 'Jane DOE' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
