import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Grid } from './grid';

describe('Grid', () => {
  it('has 2 columns and a 24 px gap by default', () => {
    render(<Grid data-testid="grid">content</Grid>);
    const grid = screen.getByTestId('grid');
    expect(grid.style.getPropertyValue('--grid-columns')).toBe('2');
    expect(grid.style.getPropertyValue('--grid-gap')).toBe('24px');
  });

  it('takes other columns and gap', () => {
    render(
      <Grid data-testid="grid" columns={3} gap={12}>
        content
      </Grid>,
    );
    const grid = screen.getByTestId('grid');
    expect(grid.style.getPropertyValue('--grid-columns')).toBe('3');
    expect(grid.style.getPropertyValue('--grid-gap')).toBe('12px');
    expect(grid).toHaveAttribute('data-columns', '3');
  });
});
