import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, type RadioOption } from './radio';

const options: RadioOption[] = [
  { value: 'metric', label: 'Metric', description: 'mm and m' },
  { value: 'imperial', label: 'Imperial' },
  { value: 'other', label: 'Other', isDisabled: true },
];

describe('RadioGroup', () => {
  it('is a named group of radios', () => {
    render(<RadioGroup label="Units" options={options} description="For all lengths" />);
    const group = screen.getByRole('group', { name: 'Units' });
    expect(group).toHaveAccessibleDescription('For all lengths');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('selects uncontrolled by click and by arrow keys, reporting each change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <RadioGroup label="Units" options={options} defaultValue="metric" onChange={onChange} />,
    );
    expect(screen.getByRole('radio', { name: /Metric/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Imperial' }));
    expect(screen.getByRole('radio', { name: 'Imperial' })).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: /Metric/ })).toBeChecked();
    expect(onChange.mock.calls).toEqual([['imperial'], ['metric']]);
  });

  it('follows value when controlled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RadioGroup label="Units" options={options} value="metric" onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Imperial' }));
    expect(onChange).toHaveBeenCalledWith('imperial');
    expect(screen.getByRole('radio', { name: /Metric/ })).toBeChecked();
  });

  it('disables one option or the whole group', () => {
    const { rerender } = render(<RadioGroup label="Units" options={options} />);
    expect(screen.getByRole('radio', { name: 'Other' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Imperial' })).toBeEnabled();
    rerender(<RadioGroup label="Units" options={options} isDisabled />);
    expect(screen.getByRole('radio', { name: 'Imperial' })).toBeDisabled();
  });

  it('shows an error and marks the radios required', () => {
    render(<RadioGroup label="Units" options={options} errorText="Choose one" isRequired />);
    expect(screen.getByRole('group')).toHaveAccessibleDescription('Choose one');
    expect(screen.getByRole('radio', { name: 'Imperial' })).toBeRequired();
  });
});
