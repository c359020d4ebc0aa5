import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../dialog/dialog';
import { ToastRegion } from './toast';
import { createToaster, type Toaster } from './toaster';

describe('ToastRegion', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // user-event awaits its own small delays: let fake time follow real time while it types.
  const setup = () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  };

  /** The region beside a Cart dialog, open or not. */
  const besideDialog = (toaster: Toaster) => (isOpen: boolean) => (
    <>
      <ToastRegion toaster={toaster} />
      <Dialog title="Cart" isOpen={isOpen} onClose={() => {}} />
    </>
  );

  it('renders toasts in a named region, errors and warnings as alerts, others as status', () => {
    const toaster = createToaster();
    render(<ToastRegion toaster={toaster} label="Notifications" />);
    act(() => {
      toaster.show({ title: 'Saved', description: 'Your profile', type: 'success' });
      toaster.show({ title: 'Failed', type: 'error' });
      toaster.show({ title: 'Careful', type: 'warning' });
      toaster.show({ title: 'Note', type: 'info' });
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual([
      'Saved' + 'Your profile',
      'Note',
    ]);
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(['Failed', 'Careful']);
  });

  it('closes by itself after 5000 ms, then leaves after the 200 ms animation', () => {
    const toaster = createToaster();
    render(<ToastRegion toaster={toaster} />);
    act(() => void toaster.show({ title: 'Saved', type: 'success' }));
    act(() => void vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'closing');
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays when autoClose is 0', () => {
    const toaster = createToaster();
    render(<ToastRegion toaster={toaster} />);
    act(() => void toaster.show({ title: 'Sticky', type: 'error', autoClose: 0 }));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveAttribute('data-state', 'open');
  });

  it('pauses the countdown while hovered', async () => {
    const user = setup();
    const toaster = createToaster();
    render(<ToastRegion toaster={toaster} />);
    act(() => void toaster.show({ title: 'Saved', type: 'success', autoClose: 1000 }));
    await user.hover(screen.getByRole('status'));
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');
    await user.unhover(screen.getByRole('status'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'closing');
  });

  it('pauses while focused and closes with its labelled close button', async () => {
    const user = setup();
    const toaster = createToaster();
    render(<ToastRegion toaster={toaster} closeLabel="Fermer" />);
    act(() => void toaster.show({ title: 'Saved', type: 'success', autoClose: 1000 }));
    const close = screen.getByRole('button', { name: 'Fermer' });
    act(() => close.focus());
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');
    await user.click(close);
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is inside an open modal dialog, the only part of the page not inert, and back out after', async () => {
    const toaster = createToaster();
    const withDialog = besideDialog(toaster);
    const { rerender } = render(withDialog(false));
    act(() => void toaster.show({ title: 'Quote sent', type: 'success', autoClose: 0 }));
    expect(screen.getByRole('status').closest('dialog')).toBeNull();
    // The dialog says it entered the modal layer once it is in the document (a microtask later).
    await act(async () => rerender(withDialog(true)));
    const dialog = screen.getByRole('dialog', { name: 'Cart' });
    expect(dialog).toContainElement(screen.getByRole('status'));
    await act(async () => rerender(withDialog(false)));
    // Out as soon as the dialog starts closing, not when it is gone.
    expect(dialog).toHaveAttribute('data-state', 'closing');
    expect(dialog).not.toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('Quote sent');
  });

  it('moves into a dialog without entering again or restarting its countdown', async () => {
    const toaster = createToaster();
    const withDialog = besideDialog(toaster);
    const { rerender } = render(withDialog(false));
    act(() => void toaster.show({ title: 'Quote sent', type: 'success', autoClose: 1000 }));
    expect(screen.getByRole('status')).not.toHaveAttribute('data-entered');
    act(() => void vi.advanceTimersByTime(600));
    await act(async () => rerender(withDialog(true)));
    expect(screen.getByRole('dialog')).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveAttribute('data-entered');
    act(() => void vi.advanceTimersByTime(399));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');
    // A toast shown while the dialog is open slides in as the others did.
    act(() => void toaster.show({ title: 'Part added', type: 'info', autoClose: 0 }));
    expect(screen.getByText('Part added').closest('[role="status"]')).not.toHaveAttribute(
      'data-entered',
    );
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('Quote sent').closest('[role="status"]')).toHaveAttribute(
      'data-state',
      'closing',
    );
  });

  it('comes back out of a dialog taken away while open', async () => {
    const toaster = createToaster();
    const page = (hasDialog: boolean) => (
      <>
        <ToastRegion toaster={toaster} />
        {hasDialog ? <Dialog title="Key" isOpen onClose={() => {}} /> : null}
      </>
    );
    const { rerender } = render(page(true));
    await act(async () => void toaster.show({ title: 'Copied', type: 'info', autoClose: 0 }));
    expect(screen.getByRole('dialog')).toContainElement(screen.getByRole('status'));
    await act(async () => rerender(page(false)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    expect(screen.getByRole('status').isConnected).toBe(true);
  });
});
