import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('is a checkbox named by its label, described by its description', () => {
    render(<Checkbox label="Urgent" description="Delivered within 48 h" />);
    const box = screen.getByRole('checkbox', { name: 'Urgent' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Delivered within 48 h');
  });

  it('toggles uncontrolled by click and Space and reports changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Urgent" defaultSelected onChange={onChange} />);
    const box = screen.getByRole('checkbox');
    expect(box).toBeChecked();
    await user.click(box);
    await user.keyboard(' ');
    expect(onChange.mock.calls).toEqual([[false], [true]]);
    expect(box).toBeChecked();
  });

  it('follows isSelected when controlled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Urgent" isSelected={false} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('shows the indeterminate state', () => {
    render(<Checkbox label="All drums" isIndeterminate />);
    expect(screen.getByRole('checkbox')).toHaveProperty('indeterminate', true);
    expect(screen.getByRole('checkbox')).toBePartiallyChecked();
  });

  it('shows an error, and is disabled and required on demand', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(
      <Checkbox
        ref={ref}
        label="Terms"
        errorText="Required"
        isDisabled
        isRequired
        onChange={onChange}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Required');
    expect(box).toBeRequired();
    expect(ref.current).toBe(box);
    await user.click(box);
    expect(onChange).not.toHaveBeenCalled();
  });
});
