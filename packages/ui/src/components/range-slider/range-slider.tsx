import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { FieldDescription, FieldMessage, describedBy, useFieldIds } from '../field/field';
import hidden from '../../internal/visually-hidden.module.css';
import styles from './range-slider.module.css';
import { useControllableState } from '../../internal/use-controllable-state';

export type RangeValue = [number, number];

export interface RangeConstraints {
  min: number;
  max: number;
  step: number;
  /** Smallest distance between the two thumbs. */
  minRange: number;
  /** Largest distance between the two thumbs. */
  maxRange: number;
}

function snap(value: number, { min, step }: RangeConstraints): number {
  const snapped = Math.round((value - min) / step) * step + min;
  // Round off binary noise such as 0.30000000000000004 to the step's decimals.
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number(snapped.toFixed(decimals));
}

/**
 * The value of one thumb moved to `candidate`: snapped to the step, clamped to
 * min..max, and kept within minRange and maxRange of the other thumb, which never moves.
 */
export function moveThumb(
  values: RangeValue,
  thumb: 0 | 1,
  candidate: number,
  constraints: RangeConstraints,
): RangeValue {
  const { min, max, minRange, maxRange } = constraints;
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
  let next = clamp(snap(candidate, constraints), min, max);
  if (thumb === 0) {
    next = clamp(next, Math.max(min, values[1] - maxRange), values[1] - minRange);
    return [next, values[1]];
  }
  next = clamp(next, values[0] + minRange, Math.min(max, values[0] + maxRange));
  return [values[0], next];
}

export interface RangeSliderLabels {
  /** Name of the lower thumb. */
  start: string;
  /** Name of the upper thumb. */
  end: string;
}

export const defaultRangeSliderLabels: RangeSliderLabels = {
  start: 'Minimum',
  end: 'Maximum',
};

export interface RangeSliderProps {
  /** Visible label of the slider. */
  label: string;
  /** Help text under the label, linked with `aria-describedby`. */
  description?: string;
  /** Error under the field with a red error icon; marks it invalid. */
  errorText?: string;
  /** Disables the component. */
  isDisabled?: boolean;
  /** Lowest value (default 0). */
  min?: number;
  /** Highest value (default 100). */
  max?: number;
  /** Values snap to multiples of it from `min` (default 1). */
  step?: number;
  /** Change for PageUp/PageDown (default 10 steps). */
  pageStep?: number;
  /** Smallest distance between the thumbs (1 by default). */
  minRange?: number;
  /** Largest distance between the thumbs (unlimited by default). */
  maxRange?: number;
  /** Controlled value `[start, end]`. */
  value?: RangeValue;
  /** Initial value when uncontrolled. */
  defaultValue?: RangeValue;
  /** Every change, while dragging too. */
  onChange?: (value: RangeValue) => void;
  /** When a drag ends or a key changes the value (e.g. to fetch once). */
  onChangeEnd?: (value: RangeValue) => void;
  /** Text of a value for display and screen readers, e.g. `(v) => \`${v} %\``. */
  formatValue?: (value: number) => string;
  /**
   * Text of the range shown above the track, from the two formatted values; by default
   * `low – high` (spaced, as French writes it); English writes `0%–100%`.
   */
  formatRange?: (low: string, high: string) => string;
  /** Texts; English defaults that the app overrides with translations. */
  labels?: Partial<RangeSliderLabels>;
  /** Name submitted with a form (two hidden inputs). */
  name?: string;
}

/** A two-thumb slider (WAI-ARIA APG multi-thumb slider). */
export function RangeSlider({
  label,
  description,
  errorText,
  isDisabled = false,
  min = 0,
  max = 100,
  step = 1,
  pageStep,
  minRange = 1,
  maxRange = Number.POSITIVE_INFINITY,
  value: valueProp,
  defaultValue,
  onChange,
  onChangeEnd,
  formatValue = String,
  formatRange = (low, high) => `${low} – ${high}`,
  labels: labelsProp,
  name,
}: RangeSliderProps) {
  const labels = { ...defaultRangeSliderLabels, ...labelsProp };
  const constraints: RangeConstraints = { min, max, step, minRange, maxRange };
  const [values, setValues] = useControllableState<RangeValue>(
    valueProp,
    defaultValue ?? [min, max],
    onChange,
  );
  const [dragging, setDragging] = useState<0 | 1 | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbRefs = useRef<(HTMLDivElement | null)[]>([]);
  const id = useId();
  const ids = useFieldIds();
  const bigStep = pageStep ?? step * 10;

  const update = (thumb: 0 | 1, candidate: number, isEnd: boolean) => {
    const next = moveThumb(values, thumb, candidate, constraints);
    if (next[0] !== values[0] || next[1] !== values[1]) setValues(next);
    if (isEnd) onChangeEnd?.(next);
    return next;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, thumb: 0 | 1) => {
    if (isDisabled) return;
    const current = values[thumb];
    const targets: Record<string, number> = {
      ArrowRight: current + step,
      ArrowUp: current + step,
      ArrowLeft: current - step,
      ArrowDown: current - step,
      PageUp: current + bigStep,
      PageDown: current - bigStep,
      Home: min,
      End: max,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    update(thumb, target, true);
  };

  const valueAt = (clientX: number): number => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return min;
    const ratio = Math.min(Math.max((clientX - rect.left) / rect.width, 0), 1);
    return min + ratio * (max - min);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isDisabled || event.button !== 0) return;
    const target = valueAt(event.clientX);
    const thumb: 0 | 1 =
      Math.abs(target - values[0]) < Math.abs(target - values[1]) ||
      (target < values[0] && values[0] === values[1])
        ? 0
        : 1;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(thumb);
    update(thumb, target, false);
    thumbRefs.current[thumb]?.focus();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging === null) return;
    update(dragging, valueAt(event.clientX), false);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging === null) return;
    setDragging(null);
    update(dragging, valueAt(event.clientX), true);
  };

  const percent = (value: number) => (max === min ? 0 : ((value - min) / (max - min)) * 100);
  const thumbDescribedBy = describedBy(
    description && ids.descriptionId,
    errorText && ids.messageId,
  );

  const thumbBounds = (thumb: 0 | 1): [number, number] =>
    thumb === 0
      ? [Math.max(min, values[1] - maxRange), values[1] - minRange]
      : [values[0] + minRange, Math.min(max, values[0] + maxRange)];

  return (
    <div
      className={styles.field}
      data-disabled={isDisabled || undefined}
      data-invalid={errorText ? true : undefined}
      data-dragging={dragging !== null || undefined}
    >
      <div className={styles.header}>
        <span id={ids.labelId} className={styles.label}>
          {label}
        </span>
        <span className={styles.output} aria-hidden="true">
          {formatRange(formatValue(values[0]), formatValue(values[1]))}
        </span>
      </div>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      <div
        ref={trackRef}
        className={styles.track}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragging(null)}
      >
        <div className={styles.rail} />
        <div
          className={styles.fill}
          style={{
            insetInlineStart: `${percent(values[0])}%`,
            insetInlineEnd: `${100 - percent(values[1])}%`,
          }}
        />
        {([0, 1] as const).map((thumb) => {
          const [low, high] = thumbBounds(thumb);
          return (
            <div
              key={thumb}
              ref={(element) => {
                thumbRefs.current[thumb] = element;
              }}
              role="slider"
              tabIndex={isDisabled ? -1 : 0}
              className={styles.thumb}
              style={{ insetInlineStart: `${percent(values[thumb])}%` }}
              aria-labelledby={`${ids.labelId} ${id}-thumb-${thumb}`}
              aria-valuemin={low}
              aria-valuemax={high}
              aria-valuenow={values[thumb]}
              aria-valuetext={formatValue(values[thumb])}
              aria-orientation="horizontal"
              aria-disabled={isDisabled || undefined}
              aria-describedby={thumbDescribedBy}
              aria-invalid={errorText ? true : undefined}
              data-thumb={thumb === 0 ? 'start' : 'end'}
              data-dragging={dragging === thumb || undefined}
              onKeyDown={(event) => onKeyDown(event, thumb)}
            >
              <span id={`${id}-thumb-${thumb}`} className={hidden.visuallyHidden}>
                {thumb === 0 ? labels.start : labels.end}
              </span>
            </div>
          );
        })}
      </div>
      {name ? (
        <>
          <input type="hidden" name={name} value={values[0]} />
          <input type="hidden" name={name} value={values[1]} />
        </>
      ) : null}
      {errorText ? <FieldMessage id={ids.messageId}>{errorText}</FieldMessage> : null}
    </div>
  );
}
