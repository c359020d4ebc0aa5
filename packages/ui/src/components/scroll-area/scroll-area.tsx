import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
} from 'react';
import styles from './scroll-area.module.css';

/** The thumb is never shorter than 15 % of the track. */
export const MIN_THUMB_PERCENT = 15;
/** The bar hides 1000 ms after the last scroll. */
export const SCROLLBAR_HIDE_MS = 1000;

export interface ThumbMetrics {
  /** Thumb length, % of the track. */
  size: number;
  /** Thumb start, % of the track. */
  offset: number;
  isOverflowing: boolean;
}

/** Where the thumb sits for a given scroll state. */
export function getThumbMetrics(
  scrollTop: number,
  scrollHeight: number,
  clientHeight: number,
): ThumbMetrics {
  if (scrollHeight <= clientHeight || clientHeight <= 0) {
    return { size: 100, offset: 0, isOverflowing: false };
  }
  const size = Math.max(MIN_THUMB_PERCENT, (clientHeight / scrollHeight) * 100);
  const progress = Math.min(1, Math.max(0, scrollTop / (scrollHeight - clientHeight)));
  return { size, offset: progress * (100 - size), isOverflowing: true };
}

export interface ScrollAreaProps {
  children: ReactNode;
  /** Accessible name of the scrollable region (it is focusable so keyboards can scroll it). */
  label: string;
  /** Height limit of the area, e.g. 320 or "50vh". */
  maxHeight?: number | string;
  className?: string;
}

/**
 * Native vertical scrolling with a slim custom thumb that appears while scrolling or hovering and
 * hides 1 s later; the thumb can be dragged.
 */
export function ScrollArea({ children, label, maxHeight, className }: ScrollAreaProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const drag = useRef<{ startY: number; startScrollTop: number } | null>(null);
  const [metrics, setMetrics] = useState<ThumbMetrics>({
    size: 100,
    offset: 0,
    isOverflowing: false,
  });
  const [isVisible, setVisible] = useState(false);
  const [isDragging, setDragging] = useState(false);

  const measure = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    setMetrics(getThumbMetrics(viewport.scrollTop, viewport.scrollHeight, viewport.clientHeight));
  }, []);

  const reveal = useCallback(() => {
    setVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setVisible(false), SCROLLBAR_HIDE_MS);
  }, []);

  useEffect(() => {
    const viewport = viewportRef.current;
    const frame = requestAnimationFrame(measure);
    // jsdom and old browsers have no ResizeObserver: the thumb then updates on scroll only.
    const observer =
      typeof ResizeObserver === 'undefined' || !viewport ? null : new ResizeObserver(measure);
    if (viewport && observer) {
      observer.observe(viewport);
      Array.from(viewport.children).forEach((child) => observer.observe(child));
    }
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      clearTimeout(hideTimer.current);
    };
  }, [measure]);

  const onThumbPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startY: event.clientY, startScrollTop: viewport.scrollTop };
    setDragging(true);
  };

  const onThumbPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!drag.current || !viewport || !track) return;
    const trackPx = track.clientHeight;
    const thumbPx = (trackPx * metrics.size) / 100;
    const scrollable = viewport.scrollHeight - viewport.clientHeight;
    const ratio = trackPx - thumbPx > 0 ? scrollable / (trackPx - thumbPx) : 0;
    viewport.scrollTop =
      drag.current.startScrollTop + (event.clientY - drag.current.startY) * ratio;
  };

  const endDrag = () => {
    drag.current = null;
    setDragging(false);
    reveal();
  };

  return (
    <div
      className={className ? `${styles.root} ${className}` : styles.root}
      style={{ maxHeight } as CSSProperties}
      data-overflowing={metrics.isOverflowing || undefined}
      data-visible={isVisible || isDragging || undefined}
      data-dragging={isDragging || undefined}
      onPointerEnter={reveal}
      onPointerMove={reveal}
    >
      <div
        ref={viewportRef}
        className={styles.viewport}
        style={{ maxHeight } as CSSProperties}
        role="region"
        aria-label={label}
        // The region must be reachable by keyboard to be scrolled with the arrow keys.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onScroll={() => {
          measure();
          reveal();
        }}
      >
        {children}
      </div>
      <div ref={trackRef} className={styles.track} aria-hidden="true">
        <div
          className={styles.thumb}
          data-testid="scroll-thumb"
          style={{ blockSize: `${metrics.size}%`, insetBlockStart: `${metrics.offset}%` }}
          onPointerDown={onThumbPointerDown}
          onPointerMove={onThumbPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        />
      </div>
    </div>
  );
}
