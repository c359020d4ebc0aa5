import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectCommands, getCommandSources } from '@/lib/commands';
import { closeCartPanel, useIsCartPanelOpen } from '../lib/cart-panel';
import { initSparePartsI18n, installFakeApi, renderWithRouter } from '../testing/render';
import { useSparePartsCommands } from './use-spare-parts-commands';

function Host() {
  useSparePartsCommands();
  return useIsCartPanelOpen() ? <p>cart open</p> : null;
}

describe('spare-parts palette entries', () => {
  beforeAll(() => initSparePartsI18n('en'));
  afterEach(() => {
    closeCartPanel();
    vi.unstubAllGlobals();
  });

  it('finds a part by number on the server and opens its detail over the catalogue', async () => {
    const api = installFakeApi();
    const { router, unmount } = renderWithRouter(<Host />, '/spareparts?search=seal');
    await waitFor(() =>
      expect(getCommandSources().map((source) => source.id)).toContain('spareparts'),
    );

    const found = await collectCommands('BRG-62');
    expect(found.map((command) => command.label)).toEqual([
      'Part BRG-6204: Deep groove ball bearing 6204',
      'Part BRG-6204-OLD: Ball bearing 6204 (old series)',
      'Search the parts for “BRG-62”',
    ]);
    const query = api.listQueries().at(-1);
    expect(query?.get('search')).toBe('BRG-62');
    expect(query?.get('lang')).toBe('en');

    found[0]?.perform();
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?search=seal&part=/));

    found[2]?.perform();
    await waitFor(() => expect(router.state.location.search).toBe('?search=BRG-62'));

    unmount();
    expect(getCommandSources().map((source) => source.id)).not.toContain('spareparts');
  });

  it('opens the cart, and offers "find a part" before anything is typed', async () => {
    installFakeApi();
    renderWithRouter(<Host />);
    await waitFor(() =>
      expect(getCommandSources().map((source) => source.id)).toContain('spareparts'),
    );
    const idle = await collectCommands('');
    expect(idle.map((command) => command.label)).toEqual([
      'Open the cart',
      'Find a part by number',
    ]);
    const cart = (await collectCommands('cart')).find(
      (command) => command.id === 'spareparts.cart',
    );
    cart?.perform();
    expect(await screen.findByText('cart open')).toBeInTheDocument();
  });
});
