import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

describe('Switch', () => {
  it('is a switch named by its label and described by its description', () => {
    render(<Switch label="Accept" description="Anonymous statistics" />);
    const control = screen.getByRole('switch', { name: 'Accept' });
    expect(control).not.toBeChecked();
    expect(control).toHaveAccessibleDescription('Anonymous statistics');
  });

  it('toggles uncontrolled from its default, by click and by Space, and reports each change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch label="Accept" defaultSelected onChange={onChange} />);
    const control = screen.getByRole('switch');
    expect(control).toBeChecked();
    await user.click(screen.getByText('Accept'));
    expect(control).not.toBeChecked();
    await user.keyboard(' ');
    expect(control).toBeChecked();
    expect(onChange.mock.calls).toEqual([[false], [true]]);
  });

  it('follows isSelected when controlled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch label="Accept" isSelected onChange={onChange} />);
    await user.click(screen.getByRole('switch'));
    expect(onChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('switch')).toBeChecked();
  });

  it('cannot be toggled when disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch label="Accept" isDisabled onChange={onChange} />);
    await user.click(screen.getByRole('switch'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('switch')).toBeDisabled();
  });
});
