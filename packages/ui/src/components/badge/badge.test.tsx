import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, formatBadgeValue } from './badge';

describe('Badge', () => {
  it('shows its value', () => {
    render(<Badge value={7} />);
    expect(screen.getByText('7')).toHaveAttribute('data-tone', 'primary');
  });

  it('shows max+ above max (99 by default)', () => {
    const { rerender } = render(<Badge value={100} />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    rerender(<Badge value={10} max={9} />);
    expect(screen.getByText('9+')).toBeInTheDocument();
    rerender(<Badge value={9} max={9} />);
    expect(screen.getByText('9')).toBeInTheDocument();
  });

  it('hides at zero unless showZero', () => {
    const { container, rerender } = render(<Badge value={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Badge value={0} showZero />);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('is a named status when given a label, and takes a tone', () => {
    render(<Badge value={3} label="3 items in the cart" tone="destructive" />);
    const badge = screen.getByRole('status', { name: '3 items in the cart' });
    expect(badge).toHaveAttribute('data-tone', 'destructive');
  });

  it('formats values', () => {
    expect(formatBadgeValue(1000, 999)).toBe('999+');
    expect(formatBadgeValue(5, 99)).toBe('5');
  });
});
