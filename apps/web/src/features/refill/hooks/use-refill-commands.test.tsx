import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectCommands, getCommandSources } from '@/lib/commands';
import { initRefillI18n, jsonResponse, makeDrum, renderWithRouter } from '../testing/render';
import { useRefillCommands } from './use-refill-commands';

function Host() {
  useRefillCommands();
  return null;
}

const drum = makeDrum({ serial: 'TR-07731', site: { id: 's', name: 'Nantes', city: 'Nantes' } });

describe('refill palette entries', () => {
  beforeAll(() => initRefillI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('finds a drum by serial and opens its detail; starts a refill request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          drums: [drum, makeDrum()],
          thresholds: { thresholdPct: 20, criticalPct: 10 },
        }),
      ),
    );
    const { router, unmount } = renderWithRouter(<Host />);
    await waitFor(() => expect(getCommandSources().map((source) => source.id)).toContain('refill'));

    const found = await collectCommands('07731');
    expect(found.map((command) => command.label)).toEqual(['Drum TR-07731 (Nantes)']);
    found[0]?.perform();
    await waitFor(() => expect(router.state.location.search).toBe(`?drum=${drum.id}`));

    const start = (await collectCommands('refill request')).find(
      (command) => command.id === 'refill.request',
    );
    expect(start?.label).toBe('Start a refill request');
    start?.perform();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=request'));

    unmount();
    expect(getCommandSources().map((source) => source.id)).not.toContain('refill');
  });
});
