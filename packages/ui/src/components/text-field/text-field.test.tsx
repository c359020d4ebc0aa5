import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('is named by its visible label and described by its description', () => {
    render(<TextField label="E-mail" description="We send the link there" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAccessibleDescription('We send the link there');
  });

  it('shows an error with a red icon, marks the input invalid and describes it', () => {
    const { container } = render(<TextField label="E-mail" errorText="Invalid e-mail" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid e-mail');
    expect(container.querySelector('svg[data-tone="error"]')).toBeInTheDocument();
  });

  it('marks the input invalid with isInvalid alone', () => {
    render(<TextField label="E-mail" isInvalid />);
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['info', 'success', 'warning'] as const)(
    'shows the %s status with its icon',
    (status) => {
      const { container } = render(
        <TextField label="Company" status={status} statusText="A message" />,
      );
      expect(screen.getByRole('textbox')).toHaveAccessibleDescription('A message');
      expect(screen.getByRole('textbox')).not.toHaveAttribute('aria-invalid');
      expect(container.querySelector(`svg[data-tone="${status}"]`)).toBeInTheDocument();
    },
  );

  it('prefers the error over a status', () => {
    render(<TextField label="Company" status="success" statusText="Fine" errorText="Too long" />);
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('Too long');
    expect(screen.queryByText('Fine')).toBeNull();
  });

  it('is required and disabled on demand', () => {
    render(<TextField label="E-mail" isRequired isDisabled />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toBeRequired();
    expect(input).toBeDisabled();
  });

  it('works uncontrolled with ref, name, onChange and onBlur like react-hook-form register()', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<TextField label="E-mail" name="email" ref={ref} onChange={onChange} onBlur={onBlur} />);
    await user.type(screen.getByRole('textbox'), 'a@b.fr');
    await user.tab();
    expect(ref.current?.value).toBe('a@b.fr');
    expect(ref.current?.name).toBe('email');
    expect(onChange).toHaveBeenCalledTimes(6);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('works controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <>
          <TextField
            label="Name"
            value={value}
            onChange={(e) => setValue(e.target.value.toUpperCase())}
          />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    await user.type(screen.getByRole('textbox'), 'ab');
    expect(screen.getByRole('textbox')).toHaveValue('AB');
  });

  it('passes its type to the input', () => {
    render(<TextField label="E-mail" type="email" />);
    expect(screen.getByRole('textbox')).toHaveAttribute('type', 'email');
  });
});
