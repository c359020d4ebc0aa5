import { z } from 'zod';

/** The tax rate when the settings name none: 20 %, in basis points. */
export const DEFAULT_TAX_RATE_BASIS_POINTS = 2000;

/**
 * The figures of a priced document (a quote, its offer), all in cents: the lines' sum, the
 * discount taken from it, the amount before tax, the tax and the total with tax. Computed once,
 * on the server (`priceFigures`); every surface (page, list, mail, PDF, export) shows these.
 */
export const PriceFiguresSchema = z.object({
  /** The lines' amounts added up, before the discount. */
  subtotalCents: z.number().int().nonnegative(),
  /** 0 to 10,000 (100 %). */
  discountBasisPoints: z.number().int().min(0).max(10_000),
  discountCents: z.number().int().nonnegative(),
  /** The amount before tax: the subtotal less the discount. */
  netCents: z.number().int().nonnegative(),
  /** The tax rate applied, in basis points (2,000 is 20 %). */
  taxRateBasisPoints: z.number().int().min(0).max(10_000),
  taxCents: z.number().int().nonnegative(),
  /** The amount with tax: net plus tax. */
  totalCents: z.number().int().nonnegative(),
});
export type PriceFigures = z.infer<typeof PriceFiguresSchema>;

/**
 * A share of an amount in cents, `basisPoints` / 10,000 of it, rounded half up to the cent.
 * Integer arithmetic only (BigInt), so no float ever rounds a price.
 */
export function shareOfCents(cents: number, basisPoints: number): number {
  const product = BigInt(cents) * BigInt(basisPoints);
  return Number((product + 5_000n) / 10_000n);
}

/**
 * The figures of lines at their unit prices, less a discount, plus tax: the discount and the tax
 * are each rounded half up to the cent, the tax on the discounted amount.
 */
export function priceFigures(
  lines: ReadonlyArray<{ quantity: number; unitPriceCents: number }>,
  discountBasisPoints: number,
  taxRateBasisPoints: number,
): PriceFigures {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const discountCents = shareOfCents(subtotalCents, discountBasisPoints);
  const netCents = subtotalCents - discountCents;
  const taxCents = shareOfCents(netCents, taxRateBasisPoints);
  return {
    subtotalCents,
    discountBasisPoints,
    discountCents,
    netCents,
    taxRateBasisPoints,
    taxCents,
    totalCents: netCents + taxCents,
  };
}
