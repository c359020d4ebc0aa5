import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore, defaultRules } from '@/lib/app-store';
import { PublicOnly, RequireAuth } from './guards';
import RequireAbility from './require-ability';

const user = { id: 'u1', email: 'a@b.co', firstName: 'Ada', lastName: 'Lovelace', company: null };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <PublicOnly>auth page</PublicOnly> },
      { path: '/notauthorized', element: <p>not authorized</p> },
      {
        path: '/refill',
        element: (
          <RequireAuth>
            <RequireAbility action="get" subject="refill">
              refill page
            </RequireAbility>
          </RequireAuth>
        ),
      },
      { path: '/refill/calculator', element: <RequireAuth>calculator page</RequireAuth> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('guards', () => {
  afterEach(() => appStore.getState().markSignedOut());

  it('sends a visitor of a protected route to the auth page', () => {
    const router = renderAt('/refill');
    expect(screen.getByText('auth page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-in user away from the public-only auth page to refill', () => {
    appStore.getState().markAuthenticated(user);
    const router = renderAt('/auth');
    expect(screen.getByText('refill page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refill');
  });

  it('lets a user with get refill in', () => {
    appStore.getState().markAuthenticated(user, defaultRules);
    renderAt('/refill');
    expect(screen.getByText('refill page')).toBeInTheDocument();
  });

  it('sends a user without get refill to not-authorized', () => {
    appStore.getState().markAuthenticated(user, [{ action: 'get', subject: 'spareparts' }]);
    const router = renderAt('/refill');
    expect(screen.getByText('not authorized')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notauthorized');
  });

  it('the calculator has no permission check', () => {
    appStore.getState().markAuthenticated(user, []);
    renderAt('/refill/calculator');
    expect(screen.getByText('calculator page')).toBeInTheDocument();
  });
});
