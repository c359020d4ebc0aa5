import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isNumberText, NumberInput, parseNumberText } from './number-input';

describe('NumberInput', () => {
  it('accepts only digits, one leading minus and one decimal point', async () => {
    const user = userEvent.setup();
    render(<NumberInput label="Diameter" />);
    const input = screen.getByRole('spinbutton', { name: 'Diameter' });
    await user.type(input, 'a-1-2.5.x3e');
    expect(input).toHaveValue('-12.53');
  });

  it('refuses a minus sign that is not at the start, and a minus when min is not negative', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<NumberInput label="Offset" />);
    await user.type(screen.getByRole('spinbutton'), '5-');
    expect(screen.getByRole('spinbutton')).toHaveValue('5');
    unmount();
    render(<NumberInput label="Length" min={0} />);
    await user.type(screen.getByRole('spinbutton'), '-5');
    expect(screen.getByRole('spinbutton')).toHaveValue('5');
  });

  it('refuses the decimal point when allowDecimal is false and takes a comma as the point', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<NumberInput label="Count" allowDecimal={false} />);
    await user.type(screen.getByRole('spinbutton'), '1.5');
    expect(screen.getByRole('spinbutton')).toHaveValue('15');
    unmount();
    render(<NumberInput label="Efficiency" />);
    await user.type(screen.getByRole('spinbutton'), '0,8');
    expect(screen.getByRole('spinbutton')).toHaveValue('0.8');
  });

  it('shows the decimal separator it is given, and takes either when typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <NumberInput label="Rendement" decimalSeparator="," defaultValue={0.8} onChange={onChange} />,
    );
    const input = screen.getByRole('spinbutton');
    expect(input).toHaveValue('0,8');
    await user.clear(input);
    await user.type(input, '0.75');
    expect(input).toHaveValue('0,75');
    expect(onChange).toHaveBeenLastCalledWith(0.75);
    await user.type(input, ',');
    expect(input).toHaveValue('0,75');
  });

  it('keeps navigation keys working', async () => {
    const user = userEvent.setup();
    render(<NumberInput label="Diameter" />);
    const input = screen.getByRole('spinbutton');
    await user.type(input, '125');
    await user.keyboard('{ArrowLeft}{Backspace}{Home}9{End}0');
    expect(input).toHaveValue('9150');
  });

  it('reports numbers, and null while empty or incomplete', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput label="Diameter" onChange={onChange} />);
    await user.type(screen.getByRole('spinbutton'), '-1.');
    expect(onChange.mock.calls).toEqual([[null], [-1], [-1]]);
    await user.clear(screen.getByRole('spinbutton'));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('steps with the arrow keys within min and max', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <NumberInput
        label="Freeboard"
        defaultValue={49}
        min={0}
        max={50}
        step={1}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('spinbutton');
    expect(input).toHaveAttribute('aria-valuemin', '0');
    expect(input).toHaveAttribute('aria-valuemax', '50');
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('50');
    expect(input).toHaveAttribute('aria-valuenow', '50');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('49');
  });

  it('steps decimals without binary noise', async () => {
    const user = userEvent.setup();
    render(<NumberInput label="Efficiency" defaultValue={0.1} step={0.1} />);
    await user.click(screen.getByRole('spinbutton'));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('spinbutton')).toHaveValue('0.3');
  });

  it('clamps to min and max when leaving the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<NumberInput label="Percent" max={100} onChange={onChange} onBlur={onBlur} />);
    await user.type(screen.getByRole('spinbutton'), '150');
    await user.tab();
    expect(screen.getByRole('spinbutton')).toHaveValue('100');
    expect(onChange).toHaveBeenLastCalledWith(100);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('follows a controlled value', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState<number | null>(5);
      return (
        <>
          <NumberInput label="Length" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(42)}>
            Reset
          </button>
        </>
      );
    }
    render(<Controlled />);
    const input = screen.getByRole('spinbutton');
    expect(input).toHaveValue('5');
    await user.type(input, '.');
    expect(input).toHaveValue('5.');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('42');
  });

  it('shows the unit and an error in its description', () => {
    render(<NumberInput label="Diameter" unit="mm" errorText="Must be positive" isRequired />);
    const input = screen.getByRole('spinbutton', { name: 'Diameter' });
    expect(input).toHaveAccessibleDescription('mm Must be positive');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeRequired();
  });

  it('is disabled on demand', () => {
    render(<NumberInput label="Diameter" isDisabled />);
    expect(screen.getByRole('spinbutton')).toBeDisabled();
  });

  it('recognises and parses number texts', () => {
    expect(isNumberText('-12.5')).toBe(true);
    expect(isNumberText('1-2')).toBe(false);
    expect(isNumberText('1.2.3')).toBe(false);
    expect(isNumberText('-1', { allowNegative: false })).toBe(false);
    expect(parseNumberText('-')).toBeNull();
    expect(parseNumberText('.5')).toBe(0.5);
  });
});
