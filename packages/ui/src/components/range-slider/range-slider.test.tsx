import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { moveThumb, RangeSlider, type RangeConstraints } from './range-slider';

const constraints: RangeConstraints = {
  min: 0,
  max: 100,
  step: 5,
  minRange: 1,
  maxRange: Infinity,
};

describe('moveThumb', () => {
  it('snaps to the step and clamps to min..max', () => {
    expect(moveThumb([10, 50], 0, 12, constraints)).toEqual([10, 50]);
    expect(moveThumb([10, 50], 0, 13, constraints)).toEqual([15, 50]);
    expect(moveThumb([10, 50], 0, -20, constraints)).toEqual([0, 50]);
    expect(moveThumb([10, 50], 1, 140, constraints)).toEqual([10, 100]);
    expect(moveThumb([0, 1], 1, 0.3, { ...constraints, step: 0.1, max: 1, minRange: 0.1 })).toEqual(
      [0, 0.3],
    );
  });

  it('keeps the minimum range (1 by default) and the maximum range', () => {
    const unit = { ...constraints, step: 1 };
    expect(moveThumb([10, 50], 0, 60, unit)).toEqual([49, 50]);
    expect(moveThumb([10, 50], 1, 5, unit)).toEqual([10, 11]);
    expect(moveThumb([10, 50], 1, 90, { ...unit, maxRange: 20 })).toEqual([10, 30]);
    expect(moveThumb([10, 50], 0, 0, { ...unit, maxRange: 45 })).toEqual([5, 50]);
  });
});

describe('RangeSlider', () => {
  it('has two labelled slider thumbs with their bounds and text values', () => {
    render(
      <RangeSlider
        label="Remaining"
        defaultValue={[20, 60]}
        formatValue={(value) => `${value} %`}
      />,
    );
    const start = screen.getByRole('slider', { name: 'Remaining Minimum' });
    const end = screen.getByRole('slider', { name: 'Remaining Maximum' });
    expect(start).toHaveAttribute('aria-valuenow', '20');
    expect(start).toHaveAttribute('aria-valuemin', '0');
    expect(start).toHaveAttribute('aria-valuemax', '59');
    expect(start).toHaveAttribute('aria-valuetext', '20 %');
    expect(end).toHaveAttribute('aria-valuemin', '21');
    expect(end).toHaveAttribute('aria-valuemax', '100');
  });

  it('moves with arrows, PageUp/PageDown, Home and End', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onChangeEnd = vi.fn();
    render(
      <RangeSlider
        label="Range"
        defaultValue={[20, 60]}
        onChange={onChange}
        onChangeEnd={onChangeEnd}
      />,
    );
    const start = screen.getByRole('slider', { name: /Minimum/ });
    start.focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith([21, 60]);
    expect(onChangeEnd).toHaveBeenLastCalledWith([21, 60]);
    await user.keyboard('{PageUp}');
    expect(start).toHaveAttribute('aria-valuenow', '31');
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(start).toHaveAttribute('aria-valuenow', '29');
    await user.keyboard('{End}');
    expect(start).toHaveAttribute('aria-valuenow', '59');
    await user.keyboard('{Home}');
    expect(start).toHaveAttribute('aria-valuenow', '0');
    const end = screen.getByRole('slider', { name: /Maximum/ });
    end.focus();
    await user.keyboard('{PageDown}');
    expect(end).toHaveAttribute('aria-valuenow', '50');
  });

  it('uses step, pageStep, minRange and maxRange', async () => {
    const user = userEvent.setup();
    render(
      <RangeSlider
        label="Range"
        step={5}
        pageStep={25}
        minRange={10}
        maxRange={40}
        defaultValue={[20, 40]}
      />,
    );
    const start = screen.getByRole('slider', { name: /Minimum/ });
    start.focus();
    await user.keyboard('{ArrowRight}');
    expect(start).toHaveAttribute('aria-valuenow', '25');
    await user.keyboard('{ArrowRight}');
    expect(start).toHaveAttribute('aria-valuenow', '30');
    await user.keyboard('{ArrowRight}');
    expect(start).toHaveAttribute('aria-valuenow', '30');
    await user.keyboard('{Home}');
    expect(start).toHaveAttribute('aria-valuenow', '0');
    const end = screen.getByRole('slider', { name: /Maximum/ });
    end.focus();
    await user.keyboard('{PageUp}{PageUp}');
    expect(end).toHaveAttribute('aria-valuenow', '40');
  });

  it('moves the nearest thumb where the track is pressed and dragged', () => {
    const onChange = vi.fn();
    const onChangeEnd = vi.fn();
    const { container } = render(
      <RangeSlider
        label="Range"
        defaultValue={[20, 60]}
        onChange={onChange}
        onChangeEnd={onChangeEnd}
      />,
    );
    const track = container.querySelector('[class="track"]');
    if (!(track instanceof HTMLElement)) throw new Error('no track');
    track.getBoundingClientRect = () => ({
      left: 0,
      width: 200,
      top: 0,
      height: 44,
      right: 200,
      bottom: 44,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(track, { clientX: 150, button: 0, pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith([20, 75]);
    expect(screen.getByRole('slider', { name: /Maximum/ })).toHaveFocus();
    fireEvent.pointerMove(track, { clientX: 180, pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith([20, 90]);
    expect(onChangeEnd).not.toHaveBeenCalled();
    fireEvent.pointerUp(track, { clientX: 180, pointerId: 1 });
    expect(onChangeEnd).toHaveBeenCalledWith([20, 90]);
    fireEvent.pointerDown(track, { clientX: 10, button: 0, pointerId: 2 });
    expect(onChange).toHaveBeenLastCalledWith([5, 90]);
  });

  it('is controlled by value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RangeSlider label="Range" value={[10, 20]} onChange={onChange} />);
    const end = screen.getByRole('slider', { name: /Maximum/ });
    end.focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenCalledWith([10, 21]);
    expect(end).toHaveAttribute('aria-valuenow', '20');
  });

  it('ignores input when disabled, and shows description and error', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <RangeSlider
        label="Range"
        isDisabled
        onChange={onChange}
        description="Percent"
        errorText="Too wide"
      />,
    );
    const start = screen.getByRole('slider', { name: /Minimum/ });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(start).toHaveAccessibleDescription('Percent Too wide');
    start.focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes translated thumb names', () => {
    render(<RangeSlider label="Reste" labels={{ start: 'Min', end: 'Max' }} />);
    expect(screen.getByRole('slider', { name: 'Reste Min' })).toBeInTheDocument();
  });
});
