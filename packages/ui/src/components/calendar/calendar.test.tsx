import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fr } from 'date-fns/locale/fr';
import { describe, expect, it, vi } from 'vitest';
import { Calendar, getCalendarBounds } from './calendar';

const november = new Date(2026, 10, 1);

function day(dayOfMonth: number) {
  return screen.getByRole('button', {
    name: new RegExp(`November ${dayOfMonth}(st|nd|rd|th), 2026`),
  });
}

describe('getCalendarBounds', () => {
  const today = new Date(2026, 5, 15);

  it('spans 1900 to the current year + 100, narrowed by min and max dates', () => {
    expect(getCalendarBounds({}, today)).toEqual({
      startMonth: new Date(1900, 0, 1),
      endMonth: new Date(2126, 11, 1),
    });
    expect(
      getCalendarBounds({ minDate: new Date(2026, 2, 9), maxDate: new Date(2027, 1, 3) }, today),
    ).toEqual({
      startMonth: new Date(2026, 2, 1),
      endMonth: new Date(2027, 1, 1),
    });
  });

  it('is narrowed by min and max months and years too, the narrowest winning', () => {
    expect(getCalendarBounds({ minYear: 2020, maxYear: 2030 }, today)).toEqual({
      startMonth: new Date(2020, 0, 1),
      endMonth: new Date(2030, 11, 1),
    });
    expect(
      getCalendarBounds(
        { minMonth: new Date(2024, 3, 20), maxMonth: new Date(2028, 8, 2), minYear: 2020 },
        today,
      ),
    ).toEqual({ startMonth: new Date(2024, 3, 1), endMonth: new Date(2028, 8, 1) });
    expect(
      getCalendarBounds({ minDate: new Date(2025, 0, 5), minYear: 2026, maxYear: 2200 }, today),
    ).toEqual({ startMonth: new Date(2026, 0, 1), endMonth: new Date(2126, 11, 1) });
  });
});

describe('Calendar', { timeout: 20_000 }, () => {
  it('selects one day and reports it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Calendar label="Date" defaultMonth={november} onChange={onChange} />);
    expect(screen.getByRole('grid', { name: /November 2026/ })).toBeInTheDocument();
    await user.click(day(12));
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 10, 12));
    expect(day(12)).toHaveAccessibleName(/selected/);
  });

  it('moves focus with the arrow keys (grid keyboard)', async () => {
    const user = userEvent.setup();
    render(<Calendar label="Date" defaultValue={new Date(2026, 10, 12)} />);
    await user.click(day(12));
    await user.keyboard('{ArrowRight}');
    expect(day(13)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day(20)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(day(20)).toHaveAccessibleName(/selected/);
  });

  it('disables days outside min and max dates and the disabledDays', () => {
    render(
      <Calendar
        label="Date"
        defaultMonth={november}
        minDate={new Date(2026, 10, 10)}
        maxDate={new Date(2026, 10, 25)}
        disabledDays={{ dayOfWeek: [0, 6] }}
      />,
    );
    expect(day(9)).toBeDisabled();
    expect(day(10)).toBeEnabled();
    expect(day(26)).toBeDisabled();
    // 14 November 2026 is a Saturday.
    expect(day(14)).toBeDisabled();
    expect(day(16)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('offers only the months and years within the bounds', () => {
    render(
      <Calendar
        label="Date"
        defaultMonth={november}
        minDate={new Date(2025, 0, 1)}
        maxDate={new Date(2027, 11, 31)}
      />,
    );
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2025', '2026', '2027']);
    expect(screen.getByRole('combobox', { name: 'Month' })).toBeInTheDocument();
  });

  it('changes the month with the year and month selectors', async () => {
    const user = userEvent.setup();
    const onMonthChange = vi.fn();
    render(<Calendar label="Date" defaultMonth={november} onMonthChange={onMonthChange} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '1900');
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(1900, 10, 1));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(1900, 11, 1));
  });

  it('selects several days up to maxDays', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Calendar
        label="Date"
        mode="multiple"
        maxDays={2}
        defaultMonth={november}
        onChange={onChange}
      />,
    );
    await user.click(day(3));
    await user.click(day(5));
    expect(onChange).toHaveBeenLastCalledWith([new Date(2026, 10, 3), new Date(2026, 10, 5)]);
    expect(day(6)).toBeDisabled();
    await user.click(day(3));
    expect(onChange).toHaveBeenLastCalledWith([new Date(2026, 10, 5)]);
  });

  it('keeps at least minDays selected', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Calendar
        label="Date"
        mode="multiple"
        minDays={1}
        defaultValue={[new Date(2026, 10, 3)]}
        onChange={onChange}
      />,
    );
    await user.click(day(3));
    expect(onChange).not.toHaveBeenCalled();
    expect(day(3)).toHaveAccessibleName(/selected/);
  });

  it('selects a range and refuses one longer than maxLength', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Calendar
        label="Date"
        mode="range"
        maxLength={3}
        defaultMonth={november}
        onChange={onChange}
      />,
    );
    await user.click(day(10));
    await user.click(day(12));
    expect(onChange).toHaveBeenLastCalledWith({
      from: new Date(2026, 10, 10),
      to: new Date(2026, 10, 12),
    });
    expect(day(11)).toHaveAccessibleName(/selected/);
  });

  it('with minLength, a too-short range is not closed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Calendar
        label="Date"
        mode="range"
        minLength={3}
        defaultMonth={november}
        onChange={onChange}
      />,
    );
    await user.click(day(10));
    await user.click(day(11));
    expect(onChange).toHaveBeenLastCalledWith({ from: new Date(2026, 10, 11), to: undefined });
  });

  it('is translated by its date-fns locale and labels', () => {
    const { container } = render(
      <Calendar
        label="Date"
        locale={fr}
        defaultMonth={november}
        labels={{ previousMonth: 'Mois précédent', year: 'Année' }}
      />,
    );
    expect(screen.getByRole('grid', { name: /novembre 2026/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mois précédent' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Année' })).toBeInTheDocument();
    // French weeks start on Monday.
    expect(container.querySelector('th')).toHaveAttribute('aria-label', 'lundi');
  });

  it('is controlled by value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Calendar label="Date" value={new Date(2026, 10, 2)} onChange={onChange} />);
    await user.click(day(4));
    expect(onChange).toHaveBeenCalledWith(new Date(2026, 10, 4));
    expect(day(2)).toHaveAccessibleName(/selected/);
    expect(day(4)).not.toHaveAccessibleName(/selected/);
  });

  it('disables every day when isDisabled', () => {
    render(<Calendar label="Date" defaultMonth={november} isDisabled />);
    expect(day(12)).toBeDisabled();
  });

  it('offers only the years between its min and max years', async () => {
    render(<Calendar label="Date" defaultMonth={november} minYear={2025} maxYear={2027} />);
    const year = screen.getByRole('combobox', { name: 'Year' });
    const years = within(year)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years).toEqual(['2025', '2026', '2027']);
  });
});
