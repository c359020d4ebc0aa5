import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from './toast';
import { createToaster } from './toaster';

describe('ToastRegion', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // user-event awaits its own small delays: let fake time follow real time while it types.
  const setup = () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  };

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
});
