import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { actAs } from '@/lib/testing/role';
import { initRefillI18n, jsonResponse, makeDrum, renderWithRouter } from '../testing/render';
import type * as DrumCardModule from './drum-card';
import { DrumOverview } from './drum-overview';

/** How many times each drum's card was drawn (by drum id). */
const cardRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('./drum-card', async (importOriginal) => {
  const actual = await importOriginal<typeof DrumCardModule>();
  return {
    ...actual,
    DrumCard: (props: Parameters<typeof actual.DrumCard>[0]) => {
      cardRenders.set(props.drum.id, (cardRenders.get(props.drum.id) ?? 0) + 1);
      return actual.DrumCard(props);
    },
  };
});

const drums = [
  makeDrum({ serial: 'TR-LOW', status: 'low', remainingPct: 15, activeAlert: 'low' }),
  makeDrum({ serial: 'TR-OK', status: 'ok', remainingPct: 80 }),
  makeDrum({ serial: 'TR-CRIT', status: 'critical', remainingPct: 4, activeAlert: 'critical' }),
];

function renderOverview(path = '/refill', listed = drums) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse({ drums: listed, thresholds: { thresholdPct: 20, criticalPct: 10 } }),
    ),
  );
  return renderWithRouter(
    <DrumOverview
      selectedIds={[]}
      onSelectionChange={vi.fn()}
      onOpenDrum={vi.fn()}
      onRequestRefill={vi.fn()}
    />,
    path,
  );
}

const shownSerials = () =>
  within(screen.getByRole('list', { name: 'Drums' }))
    .getAllByRole('checkbox')
    .map((box) => /drum (\S+)/.exec(box.getAttribute('aria-label') ?? box.id)?.[1]);

describe('drum overview', () => {
  beforeAll(() => initRefillI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the most urgent drums first, and keeps another chosen order in the URL', async () => {
    const { router } = renderOverview();
    expect(await screen.findByText('Drums shown: 3 of 3')).toBeInTheDocument();
    expect(shownSerials()).toEqual(['TR-CRIT', 'TR-LOW', 'TR-OK']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /^Sort by/ }));
    await user.click(screen.getByRole('option', { name: 'Least remaining' }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('remaining');
  });

  it("shows each drum's rent and the rent per site", async () => {
    const rented = {
      daysOnSite: 120,
      rentFreeDaysLeft: 0,
      rentStartsOn: '2026-08-01',
      rentDays: 30,
      rentAccrued: 1234.5,
    };
    renderOverview('/refill', [
      makeDrum({ serial: 'TR-RENT', rent: rented }),
      makeDrum({ serial: 'TR-FREE' }),
    ]);
    expect(await screen.findByText('Rent: €1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Rent: Free days left: 40')).toBeInTheDocument();
    const bySite = screen.getByRole('region', { name: 'Drum rent by site' });
    expect(within(bySite).getByText('Lyon: drums 2, in rent 1')).toBeInTheDocument();
    expect(within(bySite).getByText('€1,234.50')).toBeInTheDocument();

    const downloads: Array<string | null> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.getAttribute('href'));
    });
    await userEvent
      .setup()
      .click(within(bySite).getByRole('button', { name: "Last month's statement (PDF)" }));
    const lastMonth = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1);
    expect(downloads).toEqual([
      `/api/documents/drum-statement?month=${lastMonth.getFullYear()}-${String(lastMonth.getMonth() + 1).padStart(2, '0')}`,
    ]);
  });

  it('lists the products with the numbers in their references read as numbers', async () => {
    const product = (reference: string) => ({
      id: reference,
      reference,
      family: 'NF C 33-226 HTA',
      crossSectionMm2: 240,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          drums: [
            makeDrum({ product: product('C33226-3x1x240') }),
            makeDrum({ product: product('C33226-3x1x50') }),
          ],
          thresholds: { thresholdPct: 20, criticalPct: 10 },
        }),
      ),
    );
    renderWithRouter(
      <DrumOverview
        selectedIds={[]}
        onSelectionChange={vi.fn()}
        onOpenDrum={vi.fn()}
        onRequestRefill={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Product/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'C33226-3x1x50',
      'C33226-3x1x240',
    ]);
  });

  it('applies the filters found in the URL (a shared or reloaded view)', async () => {
    renderOverview('/refill?status=low&status=critical&pct=0-20');
    expect(await screen.findByText('Drums shown: 2 of 3')).toBeInTheDocument();
    // The cards follow the count in a deferred render.
    // Most urgent first.
    await waitFor(() => expect(shownSerials()).toEqual(['TR-CRIT', 'TR-LOW']));
    expect(screen.getByRole('slider', { name: /Maximum remaining percentage/ })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  it('writes a chosen filter and the view into the URL', async () => {
    const { router } = renderOverview();
    expect(await screen.findByText('Drums shown: 3 of 3')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }));
    expect(await screen.findByText('Drums shown: 1 of 3')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).getAll('status')).toEqual([
      'critical',
    ]);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('table');
    // The table view loads on demand.
    expect(await screen.findByRole('table', { name: 'Drums' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByText('Drums shown: 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=table');
  });

  it('says kindly that an account has no drums yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ drums: [], thresholds: { thresholdPct: 20, criticalPct: 10 } }),
      ),
    );
    renderWithRouter(
      <DrumOverview
        selectedIds={[]}
        onSelectionChange={vi.fn()}
        onOpenDrum={vi.fn()}
        onRequestRefill={vi.fn()}
      />,
    );
    expect(await screen.findByText('No drums yet')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ message: 'unknown' }, 500))
      .mockResolvedValueOnce(
        jsonResponse({ drums, thresholds: { thresholdPct: 20, criticalPct: 10 } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(
      <DrumOverview
        selectedIds={[]}
        onSelectionChange={vi.fn()}
        onOpenDrum={vi.fn()}
        onRequestRefill={vi.fn()}
      />,
    );
    const alert = await screen.findByRole('alert');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Drums shown: 3 of 3')).toBeInTheDocument();
  });

  it('draws a long list a few cards at a time after the first ones, and all of them in the end', async () => {
    const many = Array.from({ length: 40 }, () => makeDrum({ status: 'ok', remainingPct: 70 }));
    // Each commit's cards reach the document in one batch of mutations: the list's growth.
    const added: number[] = [];
    let drawn = 0;
    const observer = new MutationObserver(() => {
      const now = document.querySelector('ul[aria-label="Drums"]')?.children.length ?? 0;
      if (now > drawn) added.push(now - drawn);
      drawn = now;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderOverview('/refill', many);
    expect(await screen.findByText('Drums shown: 40 of 40')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Drums' })).getAllByRole('listitem'),
      ).toHaveLength(40),
    );
    observer.disconnect();
    expect(added.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(Math.max(...added)).toBeLessThanOrEqual(12);
  });

  it('draws each card once while the list grows', async () => {
    const many = Array.from({ length: 40 }, () => makeDrum({ status: 'ok', remainingPct: 70 }));
    cardRenders.clear();
    renderOverview('/refill', many);
    const list = await screen.findByRole('list', { name: 'Drums' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
    expect(cardRenders.size).toBe(40);
    expect(Math.max(...cardRenders.values())).toBe(1);
  });

  it('draws again only the card whose drum is selected or unselected', async () => {
    const many = Array.from({ length: 40 }, () => makeDrum({ status: 'ok', remainingPct: 70 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ drums: many, thresholds: { thresholdPct: 20, criticalPct: 10 } }),
      ),
    );
    const onOpenDrum = vi.fn();
    const onRequestRefill = vi.fn();
    function SelectableOverview() {
      const [selectedIds, setSelectedIds] = useState<string[]>([]);
      return (
        <DrumOverview
          selectedIds={selectedIds}
          onSelectionChange={setSelectedIds}
          onOpenDrum={onOpenDrum}
          onRequestRefill={onRequestRefill}
        />
      );
    }
    renderWithRouter(<SelectableOverview />);
    const list = await screen.findByRole('list', { name: 'Drums' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
    const user = userEvent.setup();
    const box = (drum: (typeof many)[number]) =>
      within(list).getByRole('checkbox', { name: `Select drum ${drum.serial} for a refill` });

    cardRenders.clear();
    await user.click(box(many[1]!));
    expect(box(many[1]!)).toBeChecked();
    expect([...cardRenders]).toEqual([[many[1]!.id, 1]]);

    cardRenders.clear();
    await user.click(box(many[0]!));
    await user.click(box(many[1]!));
    expect(box(many[0]!)).toBeChecked();
    expect(box(many[1]!)).not.toBeChecked();
    expect([...cardRenders].sort()).toEqual(
      [
        [many[0]!.id, 1],
        [many[1]!.id, 1],
      ].sort(),
    );
    expect(
      screen.getByRole('button', { name: 'Request a refill (selected drums: 1)' }),
    ).toBeEnabled();
  });

  it.each([
    ['admin', true],
    ['buyer', false],
    ['viewer', false],
  ] as const)('offers to print labels to a %s: %s', async (role, isOffered) => {
    actAs(role);
    renderOverview();
    expect(await screen.findByText('Drums shown: 3 of 3')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: 'Print labels' })).toHaveLength(
      isOffered ? 1 : 0,
    );
  });
});
