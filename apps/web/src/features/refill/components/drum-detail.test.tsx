import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi, beforeEach } from 'vitest';
import { initRefillI18n, jsonResponse, makeDrum, renderWithRouter } from '../testing/render';
import { DrumDetail } from './drum-detail';
import { actAs } from '@/lib/testing/role';

// uPlot draws on a canvas jsdom does not have (quantity-chart.test.tsx checks what it is told):
// here the chart is the image its props make it, and a screen reader gets the summary and the table.
vi.mock('./quantity-chart', () => ({
  default: ({ label, describedBy }: { label: string; describedBy: string }) => (
    <div role="img" aria-label={label} aria-describedby={describedBy} />
  ),
}));

const drum = makeDrum({ serial: 'TR-00042', initialLengthM: 1000 });
const graph = {
  drumId: drum.id,
  initialLengthM: 1000,
  thresholdM: 200,
  criticalM: 100,
  points: [
    {
      at: '2026-11-01T08:00:00.000Z',
      remainingM: 450,
      source: 'manual',
      battery: null,
      signal: null,
    },
    { at: '2026-11-10T08:00:00.000Z', remainingM: 180, source: 'sensor', battery: 80, signal: -95 },
    {
      at: '2026-11-20T08:00:00.000Z',
      remainingM: 90.5,
      source: 'sensor',
      battery: null,
      signal: null,
    },
  ],
};

describe('drum detail', () => {
  // The rules of a buyer; what a viewer sees is tested below.
  beforeEach(() => actAs('buyer'));

  beforeAll(() => initRefillI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('offers the graph as a summary and a table of every reading with its level and source', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(graph));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<DrumDetail drum={drum} onClose={vi.fn()} />);

    const summary =
      'From 450 m on Nov 1, 2026 to 90.5 m on Nov 20, 2026, 3 readings; alert threshold 200 m, critical threshold 100 m. Run-out forecast: Jan 9, 2027.';
    expect(await screen.findByText(summary)).toBeInTheDocument();
    // The chart is an image described by the summary, then the table.
    const chart = await screen.findByRole('img', { name: 'Remaining length over time' });
    expect(chart).toHaveAccessibleDescription(
      new RegExp(`^${summary.replace(/[.()]/g, '\\$&')} Readings of drum TR-00042`),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/refill/drums/${drum.id}/qgraph`);
    const toggle = screen.getByRole('button', { name: 'Show the readings as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.setup().click(toggle);
    const table = screen.getByRole('table', { name: 'Readings of drum TR-00042' });
    // It fits its box (as cards where it would not): nothing scrolls sideways.
    expect(screen.queryByRole('region', { name: 'Readings of drum TR-00042' })).toBeNull();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['450 m', 'OK', 'Manual', '', ''],
      ['180 m', 'Low', 'Sensor', '80%', '-95 dBm'],
      ['90.5 m', 'Critical', 'Sensor', 'not reported', 'not reported'],
    ]);
    expect(screen.getByRole('button', { name: 'Hide the table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('writes lengths the French way in French', async () => {
    await initRefillI18n('fr');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(graph)),
    );
    renderWithRouter(<DrumDetail drum={drum} onClose={vi.fn()} />);
    expect(
      await screen.findByText(
        "De 450 m le 1 nov. 2026 à 90,5 m le 20 nov. 2026, 3 relevés ; seuil d'alerte 200 m, seuil critique 100 m. Épuisement prévu : 9 janv. 2027.",
      ),
    ).toBeInTheDocument();
    await initRefillI18n('en');
  });

  it('asks for the remaining length before sending anything', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(graph));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<DrumDetail drum={drum} onClose={vi.fn()} />);
    await screen.findByText(/^From 450 m on Nov 1, 2026/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add the reading' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it.each([
    ['en', 'Estimate the length left on this drum with the calculator'],
    ['fr', 'Estimer la longueur restante sur ce touret avec le calculateur'],
  ] as const)('in %s links to the calculator for this drum', async (language, name) => {
    await initRefillI18n(language);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(graph)),
    );
    renderWithRouter(<DrumDetail drum={drum} onClose={vi.fn()} />);
    expect(await screen.findByRole('link', { name })).toHaveAttribute(
      'href',
      `/refill/calculator?mode=remaining&drum=${drum.drumType.code}&cable=${encodeURIComponent(drum.product.reference)}`,
    );
    await initRefillI18n('en');
  });

  it('offers a viewer the graph but no reading form: recording one needs `order refill`', async () => {
    actAs('viewer');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(graph)),
    );
    renderWithRouter(<DrumDetail drum={drum} onClose={vi.fn()} />);
    await screen.findByText(/^From 450 m on Nov 1, 2026/);
    expect(screen.queryByRole('button', { name: 'Add the reading' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'One reading: 450 m on Nov 1, 2026; alert threshold 200 m, critical threshold 100 m. No run-out forecast: the drum is not in use.',
    ],
    [
      'fr',
      "Un relevé : 450 m le 1 nov. 2026 ; seuil d'alerte 200 m, seuil critique 100 m. Pas de prévision d'épuisement : le touret n'est pas utilisé.",
    ],
  ] as const)('in %s sums up a single reading of a drum not in use', async (language, text) => {
    await initRefillI18n(language);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...graph, points: graph.points.slice(0, 1) })),
    );
    renderWithRouter(<DrumDetail drum={{ ...drum, estimatedRunOutOn: null }} onClose={vi.fn()} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    await initRefillI18n('en');
  });
});
