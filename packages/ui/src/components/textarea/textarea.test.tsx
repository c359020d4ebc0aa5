import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Textarea } from './textarea';

describe('Textarea', () => {
  it('is a labelled multi-line field without a counter by default', () => {
    render(<Textarea label="Comment" description="For the driver" />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAccessibleDescription('For the driver');
    expect(screen.queryByText(/\/\d+/)).toBeNull();
  });

  it('counts length/maxLength as you type and stops at maxLength', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Textarea label="Comment" maxLength={5} defaultValue="ab" onChange={onChange} />);
    expect(screen.getByText('2/5')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'cdefg');
    expect(screen.getByRole('textbox')).toHaveValue('abcde');
    expect(screen.getByText('5/5')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('5/5');
  });

  it('counts a controlled value', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('hello');
      return (
        <Textarea
          label="Comment"
          maxLength={20}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByText('5/20')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), '!');
    expect(screen.getByText('6/20')).toBeInTheDocument();
  });

  it('shows an error, and is required, disabled and ref-forwarding on demand', () => {
    const ref = createRef<HTMLTextAreaElement>();
    render(<Textarea ref={ref} label="Comment" errorText="Too long" isRequired isDisabled />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Too long');
    expect(box).toBeRequired();
    expect(box).toBeDisabled();
    expect(ref.current).toBe(box);
  });
});
