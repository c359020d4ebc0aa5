import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefillProposal, RefillRequest } from '@portal/contract';
import { actAs } from '@/lib/testing/role';
import { toaster } from '@/lib/toaster';
import RefillPage from '../routes/refill-page';
import { initRefillI18n, jsonResponse, makeDrum, renderWithRouter } from '../testing/render';

const fast = makeDrum({ serial: 'TR-FAST', status: 'critical' });
const quiet = makeDrum({ serial: 'TR-QUIET', status: 'ok' });

const proposal = (overrides: Partial<RefillProposal> = {}): RefillProposal => ({
  id: '77777777-0000-4000-8000-000000000001',
  status: 'open',
  drum: { id: fast.id, serial: 'TR-FAST', reference: fast.product.reference },
  site: { id: fast.site.id, name: fast.site.name },
  quantity: 1,
  deliveryDate: '2026-11-27',
  runOutOn: '2026-12-01',
  remainingM: 600,
  contactPhone: '+33612345678',
  createdAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

/** The API of the refill page with `open` proposals; answers and records the proposal calls. */
function stubApi(open: RefillProposal[]) {
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/refill/proposals') return jsonResponse({ proposals: open });
      if (url.startsWith('/api/refill/proposals/') && init?.method === 'POST') {
        posted.push(url);
        open.splice(0);
        return url.endsWith('/confirm')
          ? jsonResponse({ id: '88888888-0000-4000-8000-000000000001', number: 'RR-000042' })
          : new Response(null, { status: 204 });
      }
      if (url.startsWith('/api/refill/requests')) {
        return jsonResponse({ requests: [] as RefillRequest[], nextOffset: null });
      }
      return jsonResponse({
        drums: [fast, quiet],
        thresholds: { thresholdPct: 20, criticalPct: 10 },
      });
    }),
  );
  return posted;
}

const block = () => screen.findByRole('region', { name: 'Proposed refill' });

describe('proposed refills', () => {
  beforeAll(() => initRefillI18n('en'));
  beforeEach(() => actAs('buyer'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the proposal above the drums and badges its drum card, then confirms it in one click', async () => {
    const posted = stubApi([proposal()]);
    const show = vi.spyOn(toaster, 'show');
    renderWithRouter(<RefillPage />);
    const region = await block();
    expect(within(region).getByText('TR-FAST')).toBeInTheDocument();
    expect(
      within(region).getByText(/1 drum delivered on .*: 600 m left, forecast to run out on /),
    ).toBeInTheDocument();
    // The cards are drawn in a background render, after the block.
    const cards = await screen.findByRole('list', { name: 'Drums' });
    await waitFor(() => expect(within(cards).getAllByText('Refill proposed')).toHaveLength(1));

    const user = userEvent.setup();
    await user.click(
      within(region).getByRole('button', { name: 'Confirm the proposed refill of drum TR-FAST' }),
    );
    expect(posted).toEqual([`/api/refill/proposals/${proposal().id}/confirm`]);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Refill request RR-000042 sent.' }),
      ),
    );
    // Answered, the proposal is gone with its badge.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Proposed refill' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Refill proposed')).not.toBeInTheDocument();
  });

  it('dismisses a proposal in one click', async () => {
    const posted = stubApi([proposal()]);
    renderWithRouter(<RefillPage />);
    const region = await block();
    await userEvent
      .setup()
      .click(
        within(region).getByRole('button', { name: 'Dismiss the proposed refill of drum TR-FAST' }),
      );
    expect(posted).toEqual([`/api/refill/proposals/${proposal().id}/dismiss`]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Proposed refill' })).not.toBeInTheDocument(),
    );
  });

  it('takes a proposal without a known phone to the request form, its drum chosen', async () => {
    const posted = stubApi([proposal({ contactPhone: null })]);
    const { router } = renderWithRouter(<RefillPage />);
    const region = await block();
    expect(within(region).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    await userEvent.setup().click(
      within(region).getByRole('button', {
        name: 'Review the proposed refill of drum TR-FAST in the request form',
      }),
    );
    expect(router.state.location.search).toBe('?tab=request');
    expect(await screen.findByRole('tab', { name: 'New request' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByRole('spinbutton', { name: 'Drums to deliver for TR-FAST' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('spinbutton', { name: 'Drums to deliver for TR-QUIET' }),
    ).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('shows a viewer the proposal without its actions, and the drum detail says it too', async () => {
    actAs('viewer');
    stubApi([proposal()]);
    renderWithRouter(<RefillPage />, `/refill?drum=${fast.id}`);
    expect(
      await screen.findByRole('heading', { name: 'A refill is proposed for this drum.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Refill proposed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /proposed refill/ })).not.toBeInTheDocument();
  });
});
