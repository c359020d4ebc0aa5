import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Typography } from './typography';

describe('Typography', () => {
  it('renders a heading variant as its heading level', () => {
    render(<Typography variant="h2">Drums</Typography>);
    const heading = screen.getByRole('heading', { level: 2, name: 'Drums' });
    expect(heading).toHaveAttribute('data-variant', 'h2');
  });

  it('renders body text as a paragraph by default', () => {
    render(<Typography>Some text</Typography>);
    expect(screen.getByText('Some text').tagName).toBe('P');
    expect(screen.getByText('Some text')).toHaveAttribute('data-variant', 'body1');
  });

  it('keeps the look but changes the element with `as`', () => {
    render(
      <Typography variant="h4" as="h2">
        Alerts
      </Typography>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Alerts' });
    expect(heading).toHaveAttribute('data-variant', 'h4');
  });

  it('renders caption and overline inline and exposes the tone', () => {
    render(
      <>
        <Typography variant="caption" tone="muted">
          Updated
        </Typography>
        <Typography variant="overline">Status</Typography>
      </>,
    );
    expect(screen.getByText('Updated').tagName).toBe('SPAN');
    expect(screen.getByText('Updated')).toHaveAttribute('data-tone', 'muted');
    expect(screen.getByText('Status').tagName).toBe('SPAN');
  });
});
