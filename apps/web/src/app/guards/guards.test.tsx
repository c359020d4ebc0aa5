import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore, defaultRules } from '@/lib/app-store';
import { forgetReturnPath, readReturnPath } from '../landing';
import { PublicOnly, RequireAuth } from './guards';
import { LandingRedirect } from '../shell/landing-redirect';
import RequireAbility from './require-ability';

const user = { id: 'u1', email: 'a@b.co', firstName: 'Ada', lastName: 'Lovelace', company: null };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <PublicOnly>auth page</PublicOnly> },
      { path: '/notauthorized', element: <p>not authorized</p> },
      { path: '/', element: <LandingRedirect /> },
      { path: '/backoffice', element: <p>inbox page</p> },
      {
        path: '/team',
        // As the shell does on every signed-in page: the landing redirect beside the page.
        element: (
          <RequireAuth>
            <LandingRedirect />
            <RequireAbility action="manage" subject="team">
              team page
            </RequireAbility>
          </RequireAuth>
        ),
      },
      {
        path: '/refill',
        element: (
          <RequireAuth>
            <LandingRedirect />
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
  cleanup();
  render(<RouterProvider router={router} />);
  return router;
}

describe('guards', () => {
  afterEach(() => {
    appStore.getState().markSignedOut();
    forgetReturnPath();
  });

  it('sends a visitor of a protected route to the auth page', () => {
    const router = renderAt('/refill');
    expect(screen.getByText('auth page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('keeps the page a visitor was sent away from', () => {
    renderAt('/refill/calculator?cable=c1');
    expect(readReturnPath()).toBe('/refill/calculator?cable=c1');
  });

  it('sends a signed-in user away from the public-only auth page to their home', () => {
    appStore.getState().markAuthenticated(user);
    const router = renderAt('/auth');
    expect(screen.getByText('refill page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/refill');
  });

  it('lands a staff member on the inbox, not on a customer page', () => {
    appStore
      .getState()
      .markAuthenticated(user, [{ action: ['get', 'work'], subject: 'backoffice' }]);
    const router = renderAt('/auth');
    expect(screen.getByText('inbox page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice');
  });

  it('lands a signed-in user on the page they were sent away from, once', () => {
    renderAt('/team');
    expect(screen.getByText('auth page')).toBeInTheDocument();
    appStore
      .getState()
      .markAuthenticated(user, [...defaultRules, { action: 'manage', subject: 'team' }]);
    expect(renderAt('/').state.location.pathname).toBe('/team');
    expect(readReturnPath()).toBeNull();
    expect(renderAt('/').state.location.pathname).toBe('/refill');
  });

  it('does not land a user on a kept page they may not open', () => {
    renderAt('/team');
    appStore.getState().markAuthenticated(user, defaultRules);
    const router = renderAt('/');
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
