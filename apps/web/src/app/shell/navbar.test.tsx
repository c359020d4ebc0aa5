import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appStore, defaultRules } from '@/lib/app-store';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { BasketIcon, CartIcon, LogoutIcon, UserIcon, WrenchIcon } from '@portal/ui/icons';
import { Navbar } from './navbar';
import { isActivePath, navIcons } from './nav-entries';

const user = { id: 'u1', email: 'a@b.co', firstName: 'Ada', lastName: 'Lovelace', company: null };

function renderAt(path: string, onNavigate = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '*', element: <Navbar id="nav" isOpen={false} onNavigate={onNavigate} /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('navbar', () => {
  beforeAll(() => initTestI18n('en'));
  afterEach(() => appStore.getState().markSignedOut());

  it('shows the entries the ability allows, in a labelled navigation landmark', () => {
    appStore.getState().markAuthenticated(user, defaultRules);
    renderAt('/refill');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Refill' })).toHaveAttribute('href', '/refill');
    expect(screen.getByRole('link', { name: 'Spare parts' })).toHaveAttribute(
      'href',
      '/spareparts',
    );
  });

  it('hides an entry without get on its subject', () => {
    appStore.getState().markAuthenticated(user, [{ action: 'get', subject: 'spareparts' }]);
    renderAt('/spareparts');
    expect(screen.queryByRole('link', { name: 'Refill' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Spare parts' })).toBeInTheDocument();
  });

  it('marks the entry whose path prefixes the location as the current page', () => {
    appStore.getState().markAuthenticated(user, defaultRules);
    renderAt('/refill/calculator');
    expect(screen.getByRole('link', { name: 'Refill' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Spare parts' })).not.toHaveAttribute('aria-current');
  });

  it('marks one entry only when two paths prefix the location: the longest', () => {
    appStore
      .getState()
      .markAuthenticated(user, [...defaultRules, { action: 'get', subject: 'backoffice' }]);
    renderAt('/backoffice/accounts/10000000-0000-4000-8000-000000000001');
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.getAttribute('href'))).toEqual(['/backoffice/accounts']);
    expect(document.querySelectorAll('nav .active')).toHaveLength(0);
  });

  it('navigates and tells the shell, so the mobile drawer closes', async () => {
    appStore.getState().markAuthenticated(user, defaultRules);
    const onNavigate = vi.fn();
    const router = renderAt('/refill', onNavigate);
    await userEvent.click(screen.getByRole('link', { name: 'Spare parts' }));
    expect(router.state.location.pathname).toBe('/spareparts');
    expect(onNavigate).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Spare parts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('pictures each page by what it opens: no two alike, none an action of the header', () => {
    const pictures = Object.values(navIcons).map((icon) => icon.type);
    expect(new Set(pictures).size).toBe(pictures.length);
    // The header's basket is the spare-parts cart; signing out is the profile menu's.
    for (const action of [BasketIcon, CartIcon, LogoutIcon]) expect(pictures).not.toContain(action);
    expect(navIcons.account.type).toBe(UserIcon);
    expect(navIcons.spareparts.type).toBe(WrenchIcon);
  });

  it('matches path prefixes by segment', () => {
    expect(isActivePath('/refill', '/refill')).toBe(true);
    expect(isActivePath('/refill', '/refill/calculator')).toBe(true);
    expect(isActivePath('/refill', '/refills')).toBe(false);
    expect(isActivePath('/spareparts', '/refill')).toBe(false);
  });
});
