import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { AuthCarousel, SLIDE_INTERVAL_MS } from './auth-carousel';
import { AuthLanding } from './auth-landing';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function currentSlide() {
  return screen.getAllByRole('group', { hidden: true }).find((slide) => !slide.hidden);
}

beforeEach(async () => {
  await initTestI18n('en');
  mockReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('auth carousel', () => {
  it('alternates its two slides every 14 seconds', () => {
    vi.useFakeTimers();
    render(<AuthCarousel />);
    expect(currentSlide()).toHaveAccessibleName('Image 1 of 2');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS - 1));
    expect(currentSlide()).toHaveAccessibleName('Image 1 of 2');
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()).toHaveAccessibleName('Image 2 of 2');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(currentSlide()).toHaveAccessibleName('Image 1 of 2');
  });

  it('stops while the pointer is over it and with the pause control', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<AuthCarousel />);
    const carousel = screen.getByRole('region', { name: 'The world of our cables' });
    await user.hover(carousel);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(currentSlide()).toHaveAccessibleName('Image 1 of 2');
    await user.unhover(carousel);
    await user.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    await user.unhover(carousel);
    act(() => (screen.getByRole('button', { name: 'Resume the slideshow' }) as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(currentSlide()).toHaveAccessibleName('Image 1 of 2');
  });

  it('moves by hand with previous and next', async () => {
    const user = userEvent.setup();
    render(<AuthCarousel />);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(currentSlide()).toHaveAccessibleName('Image 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(currentSlide()).toHaveAccessibleName('Image 1 of 2');
  });

  it('fades in the slides that come after the first, not the first one as the page opens', async () => {
    const user = userEvent.setup();
    render(<AuthCarousel />);
    const slides = currentSlide()!.parentElement!;
    // The first slide is also the prerendered page's: fading it in would flicker at the swap.
    expect(slides).not.toHaveAttribute('data-turned');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(slides).toHaveAttribute('data-turned');
  });

  it('does not rotate on its own when reduced motion is asked for', () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    render(<AuthCarousel />);
    expect(screen.getByRole('button', { name: 'Resume the slideshow' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(currentSlide()).toHaveAccessibleName('Image 1 of 2');
  });

  it('describes each image for screen readers', () => {
    render(<AuthCarousel />);
    expect(screen.getByRole('img', { name: /Cable drums on a building site/ })).toBeInTheDocument();
  });
});

describe('auth landing on a phone', () => {
  it('switches from the carousel to the form with the join button, and back', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthLanding />
      </QueryClientProvider>,
    );
    const landing = container.firstElementChild as HTMLElement;
    expect(landing).toHaveAttribute('data-panel', 'carousel');
    await user.click(screen.getByRole('button', { name: 'Join the portal' }));
    expect(landing).toHaveAttribute('data-panel', 'form');
    await user.click(screen.getByRole('button', { name: 'Back to the overview' }));
    expect(landing).toHaveAttribute('data-panel', 'carousel');
  });
});
