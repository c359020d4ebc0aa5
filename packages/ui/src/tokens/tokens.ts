/** The breakpoints, for media queries in code (CSS cannot read custom properties there). */
export const breakpoints = {
  smallTablet: 576,
  tablet: 768,
  desktop: 1280,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** `(max-width: …)` media query for "this breakpoint and below". */
export function belowQuery(breakpoint: Breakpoint): string {
  return `(max-width: ${breakpoints[breakpoint] - 0.02}px)`;
}
