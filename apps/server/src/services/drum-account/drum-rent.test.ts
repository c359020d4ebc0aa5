import { describe, expect, it } from 'vitest';
import { computeDrumRent, totalRent } from './drum-rent';

const terms = { rentFreeDays: 90, monthlyRate: 30 };

describe('computeDrumRent', () => {
  it('counts nothing for a drum delivered today', () => {
    expect(computeDrumRent({ deliveredOn: '2026-11-25', today: '2026-11-25', terms })).toEqual({
      daysOnSite: 0,
      rentFreeDaysLeft: 90,
      rentStartsOn: '2027-02-23',
      rentDays: 0,
      rentAccrued: 0,
    });
  });

  it('runs rent at the monthly rate once the free days are over', () => {
    const rent = computeDrumRent({ deliveredOn: '2026-01-01', today: '2026-05-01', terms });
    expect(rent.daysOnSite).toBe(120);
    expect(rent.rentFreeDaysLeft).toBe(0);
    expect(rent.rentDays).toBe(30);
    expect(rent.rentAccrued).toBe(30);
  });

  it('charges from the first day under zero terms, and nothing at a zero rate', () => {
    const zero = { rentFreeDays: 0, monthlyRate: 0 };
    expect(
      computeDrumRent({ deliveredOn: '2026-11-01', today: '2026-11-11', terms: zero }),
    ).toMatchObject({
      daysOnSite: 10,
      rentFreeDaysLeft: 0,
      rentStartsOn: '2026-11-01',
      rentDays: 10,
      rentAccrued: 0,
    });
    const noFreeDays = { rentFreeDays: 0, monthlyRate: 45 };
    expect(
      computeDrumRent({ deliveredOn: '2026-11-01', today: '2026-11-11', terms: noFreeDays })
        .rentAccrued,
    ).toBe(15);
  });

  it('counts 29 February in a leap year', () => {
    const leap = computeDrumRent({ deliveredOn: '2028-02-01', today: '2028-03-01', terms });
    const common = computeDrumRent({ deliveredOn: '2027-02-01', today: '2027-03-01', terms });
    expect(leap.daysOnSite).toBe(29);
    expect(common.daysOnSite).toBe(28);
    expect(
      computeDrumRent({ deliveredOn: '2028-01-01', today: '2028-01-01', terms }).rentStartsOn,
    ).toBe('2028-03-31');
  });

  it('stops counting on the day the drum is collected', () => {
    const rent = computeDrumRent({
      deliveredOn: '2026-01-01',
      collectedOn: '2026-04-10',
      today: '2026-11-25',
      terms,
    });
    expect(rent.daysOnSite).toBe(99);
    expect(rent.rentDays).toBe(9);
    expect(rent.rentAccrued).toBe(9);
  });

  it('never goes negative for a delivery date in the future', () => {
    expect(
      computeDrumRent({ deliveredOn: '2026-12-01', today: '2026-11-25', terms }),
    ).toMatchObject({
      daysOnSite: 0,
      rentFreeDaysLeft: 90,
      rentAccrued: 0,
    });
  });
});

describe('totalRent', () => {
  it('adds rent and counts drums per site', () => {
    const rent = (rentAccrued: number, rentDays: number) => ({
      daysOnSite: 0,
      rentFreeDaysLeft: 0,
      rentStartsOn: '2026-01-01',
      rentDays,
      rentAccrued,
    });
    const totals = totalRent([
      { siteId: 'a', rent: rent(10.1, 3) },
      { siteId: 'a', rent: rent(0.2, 0) },
      { siteId: 'b', rent: rent(5, 5) },
    ]);
    expect(totals.get('a')).toEqual({ drums: 2, rentAccrued: 10.3, inRent: 1 });
    expect(totals.get('b')).toEqual({ drums: 1, rentAccrued: 5, inRent: 1 });
  });
});
