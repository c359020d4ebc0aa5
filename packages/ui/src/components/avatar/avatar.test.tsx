import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, formatDisplayName, getInitials } from './avatar';

describe('Avatar', () => {
  it('shows initials and is an image named after the person', () => {
    render(<Avatar firstName="jane" lastName="doe" />);
    const avatar = screen.getByRole('img', { name: 'jane DOE' });
    expect(avatar).toHaveTextContent('JD');
  });

  it('is hidden from assistive technology when decorative', () => {
    render(<Avatar firstName="Jane" lastName="Doe" isDecorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('JD')).toHaveAttribute('aria-hidden', 'true');
  });

  it('exposes its size for styling', () => {
    render(<Avatar firstName="Jane" lastName="Doe" size="large" />);
    expect(screen.getByRole('img')).toHaveAttribute('data-size', 'large');
  });

  it('formats names and initials, tolerating blanks', () => {
    expect(formatDisplayName(' Jane ', 'de la Tour')).toBe('Jane DE LA TOUR');
    expect(formatDisplayName('', 'Doe')).toBe('DOE');
    expect(getInitials('élodie', 'Martin')).toBe('ÉM');
    expect(getInitials('', '')).toBe('');
  });
});
