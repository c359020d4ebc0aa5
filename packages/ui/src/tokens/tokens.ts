/** The breakpoints, for media queries in code (CSS cannot read custom properties there). */
export const breakpoints = {
  smallTablet: 576,
  tablet: 768,
  desktop: 1280,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/**
 * Under a breakpoint: `(width < 768px)` for a phone. The one way the app writes a breakpoint,
 * in code and in CSS (range syntax, no 767.98 nor 768 inclusive): a width is on one side only.
 */
export function belowQuery(breakpoint: Breakpoint): string {
  return `(width < ${breakpoints[breakpoint]}px)`;
}

/** At or above a breakpoint: `(width >= 768px)` from a tablet up. */
export function fromQuery(breakpoint: Breakpoint): string {
  return `(width >= ${breakpoints[breakpoint]}px)`;
}
