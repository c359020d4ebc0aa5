import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FloatingButton } from './floating-button';

describe('FloatingButton', () => {
  it('shows its label and calls onPress and onClick', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const onClick = vi.fn();
    render(<FloatingButton label="New request" onPress={onPress} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'New request' });
    expect(button).toHaveAttribute('data-placement', 'bottom-end');
    await user.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('icon-only keeps the label as its name, and placement is configurable', () => {
    render(
      <FloatingButton
        label="New request"
        icon={<svg aria-hidden="true" />}
        isIconOnly
        placement="bottom-start"
      />,
    );
    const button = screen.getByRole('button', { name: 'New request' });
    expect(button).not.toHaveTextContent('New request');
    expect(button).toHaveAttribute('data-placement', 'bottom-start');
  });

  it('does nothing when disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<FloatingButton label="New request" isDisabled onPress={onPress} />);
    await user.click(screen.getByRole('button'));
    expect(onPress).not.toHaveBeenCalled();
  });
});
