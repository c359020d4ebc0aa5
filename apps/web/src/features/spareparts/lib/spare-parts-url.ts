import { customerItemPages } from '@portal/contract';
import { paths } from '@/config/paths';

/** The search parameter that names the quote whose conversation is open (on the quotes tab). */
export const QUOTE_PARAM = customerItemPages.quote.param;

export const sparePartsTabs = ['catalogue', 'quotes'] as const;
export type SparePartsTab = (typeof sparePartsTabs)[number];

export const isSparePartsTab = (value: string | null): value is SparePartsTab =>
  (sparePartsTabs as readonly (string | null)[]).includes(value);

/**
 * A link into the spare-parts screen: a tab, a quote's conversation, a part's detail dialog
 * (over the catalogue), or a search.
 */
export function sparePartsUrl(
  target: { tab?: SparePartsTab; quote?: string; part?: string; search?: string } = {},
): string {
  const params = new URLSearchParams();
  if (target.tab && target.tab !== 'catalogue') params.set('tab', target.tab);
  if (target.quote) params.set(QUOTE_PARAM, target.quote);
  if (target.search) params.set('search', target.search);
  if (target.part) params.set('part', target.part);
  const query = params.toString();
  return query ? `${paths.spareParts}?${query}` : paths.spareParts;
}
