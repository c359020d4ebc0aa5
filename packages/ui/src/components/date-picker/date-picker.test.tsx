import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fr } from 'date-fns/locale/fr';
import { describe, expect, it, vi } from 'vitest';
import axe from 'axe-core';
import { DatePicker } from './date-picker';

function day(name: RegExp) {
  return screen.getByRole('button', { name });
}

describe('DatePicker', { timeout: 20_000 }, () => {
  it('shows the value in the PP format of its locale', () => {
    const { rerender } = render(<DatePicker label="Date" value={new Date(2026, 10, 12)} />);
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('Nov 12, 2026');
    rerender(<DatePicker label="Date" value={new Date(2026, 10, 12)} locale={fr} />);
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('12 nov. 2026');
  });

  it('opens a calendar on the selected day and commits a clicked day', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Date" defaultValue={new Date(2026, 10, 12)} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    expect(screen.getByRole('dialog', { name: 'Date' })).toBeInTheDocument();
    expect(day(/November 12th, 2026/)).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 10, 13));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox')).toHaveValue('Nov 13, 2026');
  });

  it('closes on Escape without changing the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Date" defaultValue={new Date(2026, 10, 12)} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('parses a typed date in the short or long format, and ignores an unavailable one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Date"
        locale={fr}
        onChange={onChange}
        disabledDays={{ dayOfWeek: [0, 6] }}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Date' });
    await user.type(input, '13/11/2026{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 10, 13));
    expect(input).toHaveValue('13 nov. 2026');
    await user.clear(input);
    // 14 November 2026 is a Saturday.
    await user.type(input, '14/11/2026');
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('13 nov. 2026');
  });

  it('with a time, sets the hour and commits with Validate in PPp', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Date"
        hasTime
        defaultValue={new Date(2026, 10, 12, 9, 0)}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('textbox')).toHaveValue('Nov 12, 2026, 9:00 AM');
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(day(/November 20th, 2026/));
    // user-event cannot type into a time input in jsdom; a change event is what browsers send.
    fireEvent.change(screen.getByLabelText('Hour'), { target: { value: '14:30' } });
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 10, 20, 14, 30));
    expect(screen.getByRole('textbox')).toHaveValue('Nov 20, 2026, 2:30 PM');
  });

  it('clears with Clear', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Date" defaultValue={new Date(2026, 10, 12)} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('shows both ends of a range, read-only, and clears it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Period"
        mode="range"
        defaultValue={{ from: new Date(2026, 10, 2), to: new Date(2026, 10, 3) }}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Period' });
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveValue('Nov 2, 2026 – Nov 3, 2026');
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('chooses a new range', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Period" mode="range" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Period' });
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '10');
    await user.click(day(/November 10th, 2026/));
    await user.click(day(/November 12th, 2026/));
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(onChange).toHaveBeenLastCalledWith({
      from: new Date(2026, 10, 10),
      to: new Date(2026, 10, 12),
    });
    expect(input).toHaveValue('Nov 10, 2026 – Nov 12, 2026');
  });

  it('chooses several days', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Days"
        mode="multiple"
        defaultValue={[new Date(2026, 10, 2)]}
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    await user.click(day(/November 5th, 2026/));
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(onChange).toHaveBeenLastCalledWith([new Date(2026, 10, 2), new Date(2026, 10, 5)]);
    expect(screen.getByRole('textbox')).toHaveValue('Nov 2, 2026, Nov 5, 2026');
  });

  it('disables days outside min and max in its calendar', async () => {
    const user = userEvent.setup();
    render(
      <DatePicker
        label="Date"
        defaultValue={new Date(2026, 10, 12)}
        minDate={new Date(2026, 10, 10)}
        maxDate={new Date(2026, 10, 20)}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    expect(day(/November 9th, 2026/)).toBeDisabled();
    expect(day(/November 21st, 2026/)).toBeDisabled();
  });

  it('shows description, error, required and disabled states', () => {
    const { rerender } = render(
      <DatePicker label="Date" description="Working days" errorText="Required" isRequired />,
    );
    const input = screen.getByRole('textbox', { name: /Date/ });
    expect(input).toHaveAccessibleDescription('Working days Required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeRequired();
    rerender(<DatePicker label="Date" isDisabled />);
    expect(screen.getByRole('textbox')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose date' })).toBeDisabled();
  });

  it('submits the ISO value with a name', () => {
    const { container } = render(
      <DatePicker label="Date" name="date" defaultValue={new Date(Date.UTC(2026, 10, 12))} />,
    );
    expect(container.querySelector('input[type="hidden"]')).toHaveValue('2026-11-12T00:00:00.000Z');
  });

  it('has no axe violation with its calendar open', async () => {
    const user = userEvent.setup();
    render(<DatePicker label="Date" defaultValue={new Date(2026, 10, 12)} hasTime />);
    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    // Floating UI's focus guards take role="button" when the browser looks like Safari, which
    // jsdom's navigator.vendor ("Apple Computer, Inc.") does; Chrome and Firefox get none.
    const results = await axe.run(
      { include: [document.body], exclude: [['[data-floating-ui-focus-guard]']] },
      { rules: { region: { enabled: false }, 'color-contrast': { enabled: false } } },
    );
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }, 30_000);
});
