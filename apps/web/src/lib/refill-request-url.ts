import { paths } from '@/config/paths';

/**
 * The search parameter naming drums a new refill request starts with (the request tab opens on
 * a form with them chosen): how another screen, the calculator, starts a request.
 */
export const REFILL_DRUM_PARAM = 'refill';

/** The request form with these drums chosen: "order again", or a start from another screen. */
export function newRequestUrl(drumIds: readonly string[]): string {
  const params = new URLSearchParams({ tab: 'request' });
  for (const id of drumIds) params.append(REFILL_DRUM_PARAM, id);
  return `${paths.refill}?${params}`;
}
