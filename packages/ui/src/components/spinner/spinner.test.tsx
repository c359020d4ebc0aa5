import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CenteredSpinner, FullPageSpinner, PLACEHOLDER_SPINNER_DELAY_MS, Spinner } from './spinner';

describe('Spinner', () => {
  it('is announced with its label', () => {
    render(<Spinner label="Loading" />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });

  it('is hidden from assistive technology without a label', () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('exposes its size as a data attribute for styling', () => {
    render(<Spinner label="Loading" size="small" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-size', 'small');
  });

  it('marks the centred spinner as a placeholder, so a frame can hide what its content will push', () => {
    render(<CenteredSpinner label="Loading the list" />);
    expect(screen.getByRole('status')).toHaveAttribute('data-pending-content');
  });

  it('has centred and full-page variants in a status region', () => {
    render(
      <>
        <CenteredSpinner label="Loading the screen" />
        <FullPageSpinner label="Checking your session" />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeInTheDocument();
  });

  describe('as a placeholder', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is read at once but drawn only once the wait is long enough to notice', () => {
      vi.useFakeTimers();
      render(<CenteredSpinner label="Loading the list" />);
      expect(screen.getByRole('progressbar', { name: 'Loading the list' })).toBeInTheDocument();
      const status = screen.getByRole('status');
      expect(status).toHaveAttribute('data-waiting');

      act(() => vi.advanceTimersByTime(PLACEHOLDER_SPINNER_DELAY_MS - 1));
      expect(status).toHaveAttribute('data-waiting');
      act(() => vi.advanceTimersByTime(1));
      expect(status).not.toHaveAttribute('data-waiting');
    });

    it('is drawn at once when asked for no wait', () => {
      render(<CenteredSpinner label="Loading the list" delayMs={0} />);
      expect(screen.getByRole('status')).not.toHaveAttribute('data-waiting');
    });

    it('leaves no timer behind when its content arrives first', () => {
      vi.useFakeTimers();
      const { unmount } = render(<CenteredSpinner label="Loading the list" />);
      expect(vi.getTimerCount()).toBe(1);
      unmount();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('draws a full-page spinner at once', () => {
      vi.useFakeTimers();
      render(<FullPageSpinner label="Checking your session" />);
      expect(screen.getByRole('status')).not.toHaveAttribute('data-waiting');
    });
  });
});
