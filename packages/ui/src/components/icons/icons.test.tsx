import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartIcon, ErrorIcon, SearchIcon } from './icons';

describe('icons', () => {
  it('are hidden from assistive technology by default', () => {
    const { container } = render(<CartIcon />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('become an image with a name when given a label', () => {
    render(<SearchIcon label="Search" />);
    expect(screen.getByRole('img', { name: 'Search' })).toBeInTheDocument();
  });

  it('take their size from the size prop', () => {
    const { container } = render(<CartIcon size={32} />);
    expect(container.querySelector('svg')).toHaveAttribute('width', '32');
    expect(container.querySelector('svg')).toHaveAttribute('height', '32');
  });

  it('marks the error icon with the error tone so it is red', () => {
    const { container } = render(<ErrorIcon />);
    expect(container.querySelector('svg')).toHaveAttribute('data-tone', 'error');
  });
});
