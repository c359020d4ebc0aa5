import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appStore, defaultRules } from '@/lib/app-store';
import { collectCommands } from '@/lib/commands';
import { consentStore } from '@/lib/consent-store';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import { useCoreCommands } from './core-commands';

const user = { id: 'u1', email: 'a@b.co', firstName: 'Ada', lastName: 'Lovelace', company: null };

function Commands() {
  useCoreCommands();
  return null;
}

function mount() {
  const router = createMemoryRouter([{ path: '*', element: <Commands /> }], {
    initialEntries: ['/refill'],
  });
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view };
}

const ids = async (query = '') => (await collectCommands(query)).map((command) => command.id);

describe('core palette commands', () => {
  beforeAll(() => initTestI18n('en'));
  afterEach(() => appStore.getState().markSignedOut());

  it('a visitor can switch language, change the cookie choice, read the privacy page', async () => {
    const { view } = mount();
    expect(await ids()).toEqual(['nav.compliancy', 'language.switch', 'consent.invalidate']);
    view.unmount();
    expect(await ids()).toEqual([]);
  });

  it('a signed-in user also goes to the screens the ability allows, and can sign out', async () => {
    appStore.getState().markAuthenticated(user, defaultRules);
    const { view } = mount();
    expect(await ids()).toEqual([
      'nav.refill',
      'nav.calculator',
      'nav.spareparts',
      'nav.compliancy',
      'language.switch',
      'consent.invalidate',
      'session.signout',
    ]);
    appStore.getState().markAuthenticated(user, [{ action: 'get', subject: 'spareparts' }]);
    expect(await ids('go to')).toEqual(['nav.calculator', 'nav.spareparts', 'nav.compliancy']);
    view.unmount();
  });

  it('runs: navigation, language and consent', async () => {
    appStore.getState().markAuthenticated(user, defaultRules);
    consentStore.getState().accept(true);
    const { router, view } = mount();
    const commands = await collectCommands('');
    commands.find((command) => command.id === 'nav.spareparts')?.perform();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/spareparts');
    commands.find((command) => command.id === 'consent.invalidate')?.perform();
    expect(consentStore.getState().record.version).toBe(0);
    commands.find((command) => command.id === 'language.switch')?.perform();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { i18n } = await import('@/lib/i18n');
    expect(i18n.language).toBe('fr');
    view.unmount();
  });
});
