import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isValidTime, maskTime, TimeField, TimeRangeField, timeToMinutes } from './time-field';

describe('TimeField', () => {
  it('is labelled "Hour" by default and masks input to HH:MM', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimeField onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Hour' });
    await user.type(input, '0a93075');
    expect(input).toHaveValue('09:30');
    expect(onChange).toHaveBeenLastCalledWith('09:30');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks an impossible complete time invalid', async () => {
    const user = userEvent.setup();
    render(<TimeField label="Arrival" />);
    await user.type(screen.getByRole('textbox', { name: 'Arrival' }), '2560');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  });

  it('follows a controlled value and shows an error', () => {
    render(<TimeField value="08:00" errorText="Too early" isRequired isDisabled />);
    const input = screen.getByRole('textbox', { name: 'Hour' });
    expect(input).toHaveValue('08:00');
    expect(input).toHaveAccessibleDescription('Too early');
    expect(input).toBeRequired();
    expect(input).toBeDisabled();
  });

  it('checks, masks and converts times', () => {
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('9:30')).toBe(false);
    expect(maskTime('12:345')).toBe('12:34');
    expect(timeToMinutes('01:30')).toBe(90);
    expect(timeToMinutes('1:30')).toBeNull();
  });
});

describe('TimeRangeField', () => {
  it('groups "Start time" and "End time" under its legend and reports both', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimeRangeField label="Delivery window" onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Delivery window' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Start time' }), '0800');
    await user.type(screen.getByRole('textbox', { name: 'End time' }), '1200');
    expect(onChange).toHaveBeenLastCalledWith({ start: '08:00', end: '12:00' });
  });

  it('takes translated labels and shows the error under the end', () => {
    render(
      <TimeRangeField
        label="Créneau"
        startLabel="Heure de début"
        endLabel="Heure de fin"
        value={{ start: '12:00', end: '08:00' }}
        errorText="La fin précède le début"
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Heure de début' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Heure de fin' })).toHaveAccessibleDescription(
      'La fin précède le début',
    );
  });
});
