import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clampPercent, Progress } from './progress';

describe('Progress', () => {
  it('is a named progress bar with its value and text', () => {
    render(<Progress value={42.4} label="Remaining length" />);
    const bar = screen.getByRole('progressbar', { name: 'Remaining length' });
    expect(bar).toHaveAttribute('aria-valuenow', '42.4');
    expect(bar).toHaveAttribute('aria-valuetext', '42%');
  });

  it.each([
    [-20, '0'],
    [150, '100'],
  ])('clamps %s to %s', (value, expected) => {
    render(<Progress value={value} label="Remaining" />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', expected);
    expect(bar.firstElementChild).toHaveStyle({ inlineSize: `${expected}%` });
  });

  it('reads a custom value text, shows a visible label on demand and takes a tone', () => {
    const { container } = render(
      <Progress
        value={24}
        label="Drum A"
        valueText="120 m of 500 m"
        isLabelVisible
        tone="warning"
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '120 m of 500 m');
    expect(screen.getByText('Drum A')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('data-tone', 'warning');
  });

  it('clamps odd numbers', () => {
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(Infinity)).toBe(100);
    expect(clampPercent(-Infinity)).toBe(0);
    expect(clampPercent(55)).toBe(55);
  });
});
