import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { NotAuthorizedPage, NotFoundPage, RouteErrorPage } from './status-page';

function Boom(): never {
  throw new Error('boom');
}

describe('status pages', () => {
  beforeAll(() => initTestI18n('en'));

  it('not-found: title, description, go back (history) and go home (root)', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>home</p> },
        { path: '/previous', element: <p>previous</p> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/previous', '/missing'], initialIndex: 1 },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(document.title).toBe('Page not found · Customer portal');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('previous')).toBeVisible();
    await router.navigate('/missing');
    await userEvent.click(await screen.findByRole('button', { name: 'Go to the home page' }));
    expect(await screen.findByText('home')).toBeVisible();
  });

  it('not-authorized has its own title', () => {
    const router = createMemoryRouter([{ path: '*', element: <NotAuthorizedPage /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  });

  it('a route that throws shows the error page, never a blank screen', () => {
    const router = createMemoryRouter([
      { path: '*', element: <Boom />, errorElement: <RouteErrorPage isStandalone /> },
    ]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  });
});
