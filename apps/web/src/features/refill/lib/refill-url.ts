import { paths } from '@/config/paths';

export const refillTabs = ['drums', 'request', 'requests', 'alerts'] as const;
export type RefillTab = (typeof refillTabs)[number];

export const isRefillTab = (value: string | null): value is RefillTab =>
  (refillTabs as readonly (string | null)[]).includes(value);

/** A link into the refill screen: a tab, or a drum's detail over the overview. */
export function refillUrl(target: { tab?: RefillTab; drum?: string }): string {
  const params = new URLSearchParams();
  if (target.tab && target.tab !== 'drums') params.set('tab', target.tab);
  if (target.drum) params.set('drum', target.drum);
  const query = params.toString();
  return query ? `${paths.refill}?${query}` : paths.refill;
}
