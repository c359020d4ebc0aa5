import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu, type MenuItem } from './menu';

function setup(overrides: Partial<MenuItem>[] = []) {
  const actions = { profile: vi.fn(), consent: vi.fn(), signout: vi.fn() };
  const items: MenuItem[] = [
    { id: 'profile', label: 'Edit profile', onAction: actions.profile },
    { id: 'consent', label: 'Cookie settings', onAction: actions.consent },
    { id: 'signout', label: 'Sign out', onAction: actions.signout },
  ].map((item, i) => ({ ...item, ...overrides[i] }));
  const user = userEvent.setup();
  render(<Menu label="Account" trigger={<button type="button">Jane DOE</button>} items={items} />);
  return { user, actions, trigger: screen.getByRole('button', { name: 'Jane DOE' }) };
}

describe('Menu', () => {
  it('wires the menu button and opens a named menu on click', async () => {
    const { user, trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Edit profile',
      'Cookie settings',
      'Sign out',
    ]);
  });

  it('opens with ArrowDown on the first item and moves with the arrows, wrapping', async () => {
    const { user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Cookie settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
  });

  it('opens with ArrowUp on the last item', async () => {
    const { user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
  });

  it('jumps with Home and End and finds an item by typing', async () => {
    const { user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus(),
    );
    await user.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
    await user.keyboard('{Home}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus(),
    );
    await user.keyboard('c');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Cookie settings' })).toHaveFocus(),
    );
  });

  it('runs the action on Enter, closes and returns focus to the button', async () => {
    const { user, trigger, actions } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(actions.consent).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('runs the action on click', async () => {
    const { user, trigger, actions } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(actions.signout).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and returns focus', async () => {
    const { user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('skips and ignores a disabled item', async () => {
    const { user, trigger, actions } = setup([{}, { isDisabled: true }]);
    await user.click(trigger);
    const disabled = screen.getByRole('menuitem', { name: 'Cookie settings' });
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await user.click(disabled);
    expect(actions.consent).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
  });
});
