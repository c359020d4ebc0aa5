/**
 * An offer's figures: the lines at their offered prices, less the discount (basis points,
 * rounded to the cent, half up).
 */
export function offerTotals(
  lines: Array<{ quantity: number; unitPriceCents: number }>,
  discountBasisPoints: number,
): { subtotalCents: number; totalCents: number } {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const discount = Math.round((subtotalCents * discountBasisPoints) / 10_000);
  return { subtotalCents, totalCents: subtotalCents - discount };
}
