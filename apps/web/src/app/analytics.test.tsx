import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAnalytics, usePageViews } from './analytics';

const pageView = vi.hoisted(() => vi.fn());
vi.mock('@/config/env', () => ({ runtimeSettings: { appEnv: 'dev', gaMeasurementId: 'G-TEST' } }));
vi.mock('@/lib/analytics', () => ({
  createAnalytics: () => ({
    applyConsent: () => undefined,
    pageView,
    buttonClick: () => undefined,
    isEnabled: true,
  }),
}));

function PageViews() {
  usePageViews();
  return null;
}

/** Lets the analytics module's promise settle under fake timers. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('page views', () => {
  afterEach(() => vi.useRealTimers());

  it('are reported once a route has stayed 500 ms, never for a route left sooner', async () => {
    startAnalytics();
    vi.useFakeTimers();
    const router = createMemoryRouter([{ path: '*', element: <PageViews /> }], {
      initialEntries: ['/refill'],
    });
    render(<RouterProvider router={router} />);
    await settle();

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(pageView).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(pageView).toHaveBeenCalledTimes(1);

    // Left after 300 ms: that page is not reported, the next one is, 500 ms after it opened.
    await act(() => router.navigate('/spareparts'));
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(() => router.navigate('/refill/calculator'));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(pageView).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(pageView).toHaveBeenCalledTimes(2);
  });

  it('never reports the root, which only sends a person on, however long it stays', async () => {
    startAnalytics();
    vi.useFakeTimers();
    const router = createMemoryRouter([{ path: '*', element: <PageViews /> }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);
    await settle();
    pageView.mockClear();

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(pageView).not.toHaveBeenCalled();
    await act(() => router.navigate('/refill', { replace: true }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(pageView).toHaveBeenCalledTimes(1);
  });
});
