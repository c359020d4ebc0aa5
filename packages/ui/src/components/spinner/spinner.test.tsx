import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CenteredSpinner, FullPageSpinner, Spinner } from './spinner';

describe('Spinner', () => {
  it('is announced with its label', () => {
    render(<Spinner label="Loading" />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });

  it('is hidden from assistive technology without a label', () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('exposes its size as a data attribute for styling', () => {
    render(<Spinner label="Loading" size="small" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-size', 'small');
  });

  it('marks the centred spinner as a placeholder, so a frame can hide what its content will push', () => {
    render(<CenteredSpinner label="Loading the list" />);
    expect(screen.getByRole('status')).toHaveAttribute('data-pending-content');
  });

  it('has centred and full-page variants in a status region', () => {
    render(
      <>
        <CenteredSpinner label="Loading the screen" />
        <FullPageSpinner label="Checking your session" />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeInTheDocument();
  });
});
