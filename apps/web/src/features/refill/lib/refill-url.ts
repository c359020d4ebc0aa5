import { customerItemPages } from '@portal/contract';
import { paths } from '@/config/paths';

export { newRequestUrl, REFILL_DRUM_PARAM } from '@/config/paths';

export const refillTabs = ['drums', 'request', 'requests', 'alerts'] as const;
export type RefillTab = (typeof refillTabs)[number];

export const isRefillTab = (value: string | null): value is RefillTab =>
  (refillTabs as readonly (string | null)[]).includes(value);

/** The search parameter that names the request whose conversation is open. */
export const REQUEST_PARAM = customerItemPages.refill_request.param;

/** The search parameter that names the drum collection whose conversation is open. */
export const COLLECTION_PARAM = customerItemPages.collection.param;

/** The search parameter that opens a drum's detail on its release form. */
export const RELEASE_PARAM = 'release';

/**
 * A link into the refill screen: a tab, a drum's detail over the overview, or a request's
 * conversation (on the requests tab).
 */
export function refillUrl(target: { tab?: RefillTab; drum?: string; request?: string }): string {
  const params = new URLSearchParams();
  const tab = target.request ? customerItemPages.refill_request.tab : target.tab;
  if (tab && tab !== 'drums') params.set('tab', tab);
  if (target.drum) params.set('drum', target.drum);
  if (target.request) params.set(REQUEST_PARAM, target.request);
  const query = params.toString();
  return query ? `${paths.refill}?${query}` : paths.refill;
}
