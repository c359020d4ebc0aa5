import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefillRequest } from '@portal/contract';
import { actAs } from '@/lib/testing/role';
import { initRefillI18n, jsonResponse, makeDrum, renderWithRouter } from '../testing/render';
import RefillPage from './refill-page';

const drum = makeDrum({ serial: 'TR-00900', status: 'critical', activeAlert: 'critical' });

const request: RefillRequest = {
  id: '44444444-4444-4444-8444-444444444444',
  number: 'RR-000007',
  status: 'submitted',
  createdAt: '2026-11-20T08:00:00.000Z',
  site: { id: '11111111-1111-4111-8111-111111111111', name: 'Lyon' },
  items: [{ drumId: drum.id, serial: 'TR-00900', quantity: 1 }],
  deliveryDate: '2026-11-26',
  windowStart: '08:00',
  windowEnd: '12:00',
  contactPhone: '+33612345678',
  poNumber: null,
  comment: null,
  attachments: [],
  statusReason: null,
  turn: 'provider',
  handledBy: null,
  unread: false,
  timeline: [],
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === `/api/refill/requests/${request.id}/messages`) {
        return jsonResponse({ messages: [] });
      }
      if (url.startsWith('/api/refill/requests')) {
        return jsonResponse({ requests: [request], nextOffset: null });
      }
      if (url.startsWith('/api/refill/collections')) {
        return jsonResponse({ collections: [], nextOffset: null });
      }
      if (url.startsWith('/api/refill/drums/')) {
        return jsonResponse({
          drumId: drum.id,
          initialLengthM: 1000,
          thresholdM: 200,
          criticalM: 100,
          points: [],
        });
      }
      if (url === '/api/refill/alerts') {
        return jsonResponse({
          settings: { thresholdPct: 20, criticalPct: 10, emailEnabled: false, recipients: [] },
          recipients: [],
          active: [],
        });
      }
      return jsonResponse({ drums: [drum], thresholds: { thresholdPct: 20, criticalPct: 10 } });
    }),
  );
}

describe('refill page', () => {
  beforeAll(() => initRefillI18n('en'));
  // A buyer: the one who requests refills.
  beforeEach(() => actAs('buyer'));
  afterEach(() => vi.unstubAllGlobals());

  it('never offers a viewer a request: no drum to tick, no request button, no request tab', async () => {
    actAs('viewer');
    stubApi();
    const { router } = renderWithRouter(<RefillPage />, '/refill?tab=request');
    // A link to the request form shows the drums.
    expect(await screen.findByRole('tab', { name: 'Drums' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('button', { name: 'Details of drum TR-00900' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'New request' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Request a refill/ })).toBeNull();
    expect(router.state.location.search).toBe('?tab=request');
  });

  it('opens the tab named in the URL and keeps the chosen tab there', async () => {
    stubApi();
    const { router } = renderWithRouter(<RefillPage />, '/refill?tab=alerts');
    expect(await screen.findByRole('tab', { name: /^Alerts/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Alert settings' })).toBeInTheDocument();
    // The badge counts the active alerts of the drums.
    expect(screen.getByRole('tab', { name: /Active alerts: 1/ })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Drums' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Drums shown: 1 of 1')).toBeInTheDocument();
  });

  it('reads the drums once as it opens: the overview, drawn after the proposals, takes that answer', async () => {
    stubApi();
    renderWithRouter(<RefillPage />, '/refill');
    expect(await screen.findByText('Drums shown: 1 of 1')).toBeInTheDocument();
    // A second read would come once the overview has mounted: give it that turn.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const reads = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url) === '/api/refill/drums');
    expect(reads).toHaveLength(1);
  });

  it('shows a drum named in the URL in place of the overview, and goes back', async () => {
    stubApi();
    const { router } = renderWithRouter(<RefillPage />, `/refill?drum=${drum.id}`);
    expect(await screen.findByRole('heading', { name: 'Drum TR-00900' })).toBeInTheDocument();
    expect(await screen.findByText('No reading in this period.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to the drums' }));
    expect(router.state.location.search).toBe('');
    // Focus moves in an effect, after the button is in the page.
    const details = await screen.findByRole('button', { name: 'Details of drum TR-00900' });
    await waitFor(() => expect(details).toHaveFocus());
  });

  it('moves focus into the request form it opens, and back to the button when it closes', async () => {
    stubApi();
    renderWithRouter(<RefillPage />);
    const user = userEvent.setup();
    const start = await screen.findByRole('button', { name: 'Request a refill' });
    await user.click(start);
    const heading = await screen.findByRole('heading', { name: 'New refill request' });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Request a refill' })).toHaveFocus(),
    );
  });

  it('opens the request form with the drums the URL names (as the calculator links to it)', async () => {
    stubApi();
    renderWithRouter(<RefillPage />, `/refill?tab=request&refill=${drum.id}`);
    expect(await screen.findByRole('heading', { name: 'New refill request' })).toBeInTheDocument();
    expect(
      await screen.findByRole('spinbutton', { name: 'Drums to deliver for TR-00900' }),
    ).toBeInTheDocument();
  });

  it('opens the form with the drums of a link followed on the screen (order again)', async () => {
    stubApi();
    const { router } = renderWithRouter(<RefillPage />, '/refill?tab=requests');
    await act(() => router.navigate(`/refill?tab=request&refill=${drum.id}`));
    expect(
      await screen.findByRole('spinbutton', { name: 'Drums to deliver for TR-00900' }),
    ).toBeInTheDocument();
  });

  it('leaves the focus on the tab when the request form is chosen by its tab', async () => {
    stubApi();
    renderWithRouter(<RefillPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'New request' }));
    expect(await screen.findByRole('heading', { name: 'New refill request' })).not.toHaveFocus();
    expect(screen.getByRole('tab', { name: 'New request' })).toHaveFocus();
  });

  it("opens a request's conversation named in the URL (a reload keeps it), and goes back", async () => {
    stubApi();
    const { router } = renderWithRouter(
      <RefillPage />,
      `/refill?tab=requests&request=${request.id}`,
    );
    expect(await screen.findByRole('heading', { name: 'Request RR-000007' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back to the requests' }));
    expect(router.state.location.search).toBe('?tab=requests');
    const open = await screen.findByRole('button', {
      name: 'Open the conversation of request RR-000007',
    });
    await waitFor(() => expect(open).toHaveFocus());
    await user.click(open);
    expect(router.state.location.search).toBe(`?tab=requests&request=${request.id}`);
  });

  it.each([
    ['en', 'Drum calculator'],
    ['fr', 'Calculateur de tourets'],
  ] as const)('in %s links to the calculator from the page header', async (language, name) => {
    await initRefillI18n(language);
    stubApi();
    renderWithRouter(<RefillPage />);
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', '/refill/calculator');
    await initRefillI18n('en');
  });
});
