import { describe, expect, it } from 'vitest';
import { priceFigures, shareOfCents } from './prices';

describe('price figures', () => {
  it('takes the discount, then the tax on what is left, each rounded half up to the cent', () => {
    // 3 × 3.00 = 9.00; 10 % off = 0.90; 8.10 before tax; 20 % = 1.62; 9.72 with tax.
    expect(priceFigures([{ quantity: 3, unitPriceCents: 300 }], 1000, 2000)).toEqual({
      subtotalCents: 900,
      discountBasisPoints: 1000,
      discountCents: 90,
      netCents: 810,
      taxRateBasisPoints: 2000,
      taxCents: 162,
      totalCents: 972,
    });
    // 0.05 at 5.5 % is 0.275 cents: rounds to 0; 0.25 € at 5.5 % is 1.375 cents: rounds to 1;
    // 0.10 € at 5 % is exactly half a cent: rounds up to 1.
    expect(shareOfCents(5, 550)).toBe(0);
    expect(shareOfCents(25, 550)).toBe(1);
    expect(shareOfCents(10, 500)).toBe(1);
  });

  it('stays exact where floating point drifts, up to the largest offer', () => {
    // In floating point, 1.15 * 100 is 114.99999999999999.
    expect(shareOfCents(115, 10_000)).toBe(115);
    expect(shareOfCents(1005, 5000)).toBe(503);
    const large = priceFigures([{ quantity: 500, unitPriceCents: 100_000_000 }], 333, 1960);
    expect(large.subtotalCents).toBe(50_000_000_000);
    expect(large.discountCents).toBe(1_665_000_000);
    expect(large.netCents + large.discountCents).toBe(large.subtotalCents);
    expect(large.totalCents).toBe(large.netCents + large.taxCents);
    expect(large.taxCents).toBe(9_473_660_000);
  });
});
