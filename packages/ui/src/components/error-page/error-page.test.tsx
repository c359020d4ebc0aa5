import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from './error-page';

describe('ErrorPage', () => {
  it('shows the title as the page heading, the description and the actions', () => {
    render(
      <ErrorPage
        title="Page not found"
        description="This address leads nowhere."
        actions={<button type="button">Go home</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('This address leads nowhere.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go home' })).toBeInTheDocument();
  });

  it('hides the illustration from assistive technology and omits empty parts', () => {
    const { container } = render(
      <ErrorPage title="Oops" illustration={<svg data-testid="art" />} />,
    );
    expect(screen.getByTestId('art').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});
