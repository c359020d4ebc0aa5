import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title as the h1, the description and the actions', () => {
    render(
      <PageHeader
        title="Refill"
        description="Drums on your sites"
        actions={<button type="button">New request</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Refill' })).toBeInTheDocument();
    expect(screen.getByText('Drums on your sites')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New request' })).toBeInTheDocument();
  });

  it('omits the empty parts', () => {
    const { container } = render(<PageHeader title="Refill" />);
    expect(container.querySelector('p')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
