import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getThumbMetrics, ScrollArea } from './scroll-area';

function fakeLayout(element: HTMLElement, sizes: { scrollHeight: number; clientHeight: number }) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: sizes.scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: sizes.clientHeight });
}

describe('getThumbMetrics', () => {
  it('sizes the thumb by the visible share, never under 15 %', () => {
    expect(getThumbMetrics(0, 400, 200)).toEqual({ size: 50, offset: 0, isOverflowing: true });
    expect(getThumbMetrics(0, 10_000, 100).size).toBe(15);
  });

  it('places the thumb along the remaining track', () => {
    expect(getThumbMetrics(200, 400, 200).offset).toBe(50);
    expect(getThumbMetrics(100, 400, 200).offset).toBe(25);
  });

  it('has nothing to show when the content fits', () => {
    expect(getThumbMetrics(0, 200, 200).isOverflowing).toBe(false);
  });
});

describe('ScrollArea', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is a named, focusable region that scrolls natively', () => {
    render(
      <ScrollArea label="Messages" maxHeight={200}>
        <p>Long content</p>
      </ScrollArea>,
    );
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveStyle({ maxHeight: '200px' });
  });

  it('shows the thumb while scrolling, follows the scroll, and hides it 1000 ms later', () => {
    const { container } = render(
      <ScrollArea label="Messages">
        <p>Long content</p>
      </ScrollArea>,
    );
    const root = container.firstElementChild as HTMLElement;
    const region = screen.getByRole('region');
    fakeLayout(region, { scrollHeight: 1000, clientHeight: 100 });
    region.scrollTop = 450;
    fireEvent.scroll(region);
    expect(root).toHaveAttribute('data-overflowing');
    expect(root).toHaveAttribute('data-visible');
    const thumb = screen.getByTestId('scroll-thumb');
    expect(thumb.style.blockSize).toBe('15%');
    expect(thumb.style.insetBlockStart).toBe('42.5%');
    act(() => void vi.advanceTimersByTime(999));
    expect(root).toHaveAttribute('data-visible');
    act(() => void vi.advanceTimersByTime(1));
    expect(root).not.toHaveAttribute('data-visible');
  });

  it('drags the thumb to scroll', () => {
    const { container } = render(
      <ScrollArea label="Messages">
        <p>Long content</p>
      </ScrollArea>,
    );
    const region = screen.getByRole('region');
    fakeLayout(region, { scrollHeight: 1000, clientHeight: 100 });
    fireEvent.scroll(region);
    const track = container.querySelector('[aria-hidden="true"]') as HTMLElement;
    Object.defineProperty(track, 'clientHeight', { configurable: true, value: 100 });
    const thumb = screen.getByTestId('scroll-thumb');
    fireEvent.pointerDown(thumb, { clientY: 10, pointerId: 1 });
    // Track 100 px, thumb 15 px: 85 px of travel scroll 900 px of content.
    fireEvent.pointerMove(thumb, { clientY: 27, pointerId: 1 });
    expect(region.scrollTop).toBeCloseTo(180, 0);
    fireEvent.pointerUp(thumb, { pointerId: 1 });
    expect(container.firstElementChild).not.toHaveAttribute('data-dragging');
  });
});
