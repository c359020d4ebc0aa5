import { describe, expect, it } from 'vitest';
import { makeDrum } from '../testing/render';
import {
  countByStatus,
  filterDrums,
  hasActiveFilters,
  parseDrumFilters,
  sortDrums,
  writeDrumFilters,
} from './drum-filters';

describe('drum filters in the URL', () => {
  it('reads every filter and writes them back unchanged', () => {
    const params = new URLSearchParams(
      'tab=drums&site=a&site=b&product=U1000R2V-3G2.5&status=low&status=critical&pct=10-60&view=table&sort=site',
    );
    const filters = parseDrumFilters(params);
    expect(filters).toEqual({
      sites: ['a', 'b'],
      products: ['U1000R2V-3G2.5'],
      statuses: ['low', 'critical'],
      pct: [10, 60],
      view: 'table',
      sort: 'site',
    });
    const written = writeDrumFilters(new URLSearchParams('tab=drums'), filters);
    expect(parseDrumFilters(written)).toEqual(filters);
    // Other parameters of the screen survive.
    expect(written.get('tab')).toBe('drums');
  });

  it('drops malformed values instead of failing', () => {
    const filters = parseDrumFilters(new URLSearchParams('status=empty&pct=80-20&view=grid'));
    expect(filters.statuses).toEqual([]);
    expect(filters.pct).toEqual([0, 100]);
    expect(filters.view).toBe('cards');
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('leaves defaults out of the URL', () => {
    const written = writeDrumFilters(new URLSearchParams('site=x&pct=5-50'), {
      sites: [],
      products: [],
      statuses: [],
      pct: [0, 100],
      view: 'cards',
      sort: 'urgency',
    });
    expect(written.toString()).toBe('');
  });
});

describe('filterDrums', () => {
  const low = makeDrum({ status: 'low', remainingPct: 15 });
  const ok = makeDrum({ status: 'ok', remainingPct: 70 });
  const elsewhere = makeDrum({
    status: 'critical',
    remainingPct: 5,
    site: { id: 'other-site', name: 'Paris', city: 'Paris' },
  });
  const drums = [low, ok, elsewhere];
  const none = parseDrumFilters(new URLSearchParams());

  it('keeps everything without filters, and combines filters with "and"', () => {
    expect(filterDrums(drums, none)).toHaveLength(3);
    expect(filterDrums(drums, { ...none, statuses: ['low', 'critical'] })).toEqual([
      low,
      elsewhere,
    ]);
    expect(
      filterDrums(drums, { ...none, statuses: ['low', 'critical'], sites: ['other-site'] }),
    ).toEqual([elsewhere]);
  });

  it('includes both ends of the remaining-% range', () => {
    expect(filterDrums(drums, { ...none, pct: [15, 70] })).toEqual([low, ok]);
    expect(filterDrums(drums, { ...none, pct: [16, 69] })).toEqual([]);
  });

  it('counts drums by status', () => {
    expect(countByStatus(drums)).toEqual({ ok: 1, low: 1, critical: 1, ordered: 0 });
  });
});

describe('sortDrums', () => {
  const soonOk = makeDrum({ serial: 'TR-1', status: 'ok', estimatedRunOutOn: '2026-12-01' });
  const critical = makeDrum({
    serial: 'TR-2',
    status: 'critical',
    estimatedRunOutOn: '2027-02-01',
  });
  const low = makeDrum({ serial: 'TR-10', status: 'low', estimatedRunOutOn: '2027-01-01' });
  const sooner = makeDrum({ serial: 'TR-3', status: 'ordered', estimatedRunOutOn: '2026-11-28' });
  const idle = makeDrum({ serial: 'TR-4', status: 'ok', estimatedRunOutOn: null });
  const drums = [soonOk, critical, low, sooner, idle];
  const serials = (sorted: typeof drums) => sorted.map((drum) => drum.serial);

  it('puts critical, then low, then the soonest run-out first by default', () => {
    expect(serials(sortDrums(drums, parseDrumFilters(new URLSearchParams()).sort))).toEqual([
      'TR-2',
      'TR-10',
      'TR-3',
      'TR-1',
      'TR-4',
    ]);
  });

  it('offers the other orders, serials compared naturally', () => {
    expect(serials(sortDrums(drums, 'serial'))).toEqual(['TR-1', 'TR-2', 'TR-3', 'TR-4', 'TR-10']);
    expect(serials(sortDrums(drums, 'runOut'))).toEqual(['TR-3', 'TR-1', 'TR-10', 'TR-2', 'TR-4']);
    expect(parseDrumFilters(new URLSearchParams('sort=serial')).sort).toBe('serial');
    expect(parseDrumFilters(new URLSearchParams('sort=bogus')).sort).toBe('urgency');
  });
});
