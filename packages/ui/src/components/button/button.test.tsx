import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, IconButton } from './button';

describe('Button', () => {
  it('is small, contained, primary and a non-submitting button by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('data-size', 'small');
    expect(button).toHaveAttribute('data-variant', 'contained');
    expect(button).toHaveAttribute('data-tone', 'primary');
    expect(button).toHaveAttribute('type', 'button');
  });

  it('calls onPress and onClick when clicked or activated by keyboard', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const onClick = vi.fn();
    render(
      <Button onPress={onPress} onClick={onClick}>
        Save
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('does nothing when disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button isDisabled onPress={onPress}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('when pending: shows busy, keeps focus, ignores presses and reads the pending label', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button isPending pendingLabel="Sending" onPress={onPress}>
        Sign up
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Sign up Sending' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).not.toBeDisabled();
    await user.click(button);
    expect(button).toHaveFocus();
    expect(onPress).not.toHaveBeenCalled();
  });

  it('submits its form when given type="submit"', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button type="submit">Send</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('reflects variant, tone and size, renders its icons and forwards the ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button
        ref={ref}
        variant="outlined"
        tone="destructive"
        size="large"
        startIcon={<span data-testid="start" />}
        endIcon={<span data-testid="end" />}
      >
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('data-variant', 'outlined');
    expect(button).toHaveAttribute('data-tone', 'destructive');
    expect(button).toHaveAttribute('data-size', 'large');
    expect(screen.getByTestId('start')).toBeInTheDocument();
    expect(screen.getByTestId('end')).toBeInTheDocument();
    expect(ref.current).toBe(button);
  });
});

describe('IconButton', () => {
  it('is named by its label and calls onPress', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<IconButton label="Close" icon={<svg aria-hidden="true" />} onPress={onPress} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('ignores presses while pending or disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const { rerender } = render(
      <IconButton label="Close" icon={<svg aria-hidden="true" />} isPending onPress={onPress} />,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    rerender(
      <IconButton label="Close" icon={<svg aria-hidden="true" />} isDisabled onPress={onPress} />,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onPress).not.toHaveBeenCalled();
  });
});
