import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileButton } from './profile-button';

describe('ProfileButton', () => {
  it('shows the first name, the last name in upper case and the info line', () => {
    render(<ProfileButton firstName="Jane" lastName="Doe" info="Demo Industries" />);
    const button = screen.getByRole('button', { name: 'Jane DOE, Demo Industries' });
    expect(button).toHaveTextContent('JDJane DOEDemo Industries');
  });

  it('in avatar mode shows initials only and keeps the full name as its name', () => {
    render(<ProfileButton firstName="Jane" lastName="Doe" info="Demo Industries" isAvatar />);
    const button = screen.getByRole('button', { name: 'Jane DOE, Demo Industries' });
    expect(button).toHaveTextContent(/^JD$/);
  });

  it('forwards its ref and click handler so it can be a menu trigger', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(<ProfileButton ref={ref} firstName="Jane" lastName="Doe" onClick={onClick} />);
    await user.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(ref.current).toBe(screen.getByRole('button'));
  });
});
