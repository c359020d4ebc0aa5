import type { CatalogueQuery } from '../lib/catalogue-params';
import { queryKeys } from '@/lib/query-keys';

/**
 * Cache keys of the spare-parts screen, all under the product's `spareparts` key. Texts come in the UI
 * language (designations, category names), so the language is part of each key that has them.
 */
export const sparePartsKeys = {
  all: queryKeys.spareparts,
  list: (query: CatalogueQuery) => [...queryKeys.spareparts, 'list', query] as const,
  categories: (lang: string) => [...queryKeys.spareparts, 'categories', lang] as const,
  equipment: (lang: string) => [...queryKeys.spareparts, 'equipment', lang] as const,
  detail: (id: string, lang: string) => [...queryKeys.spareparts, 'detail', id, lang] as const,
  cartAll: [...queryKeys.spareparts, 'cart'] as const,
  cart: (lang: string) => [...queryKeys.spareparts, 'cart', lang] as const,
  quotesAll: [...queryKeys.spareparts, 'quotes'] as const,
  quotes: (lang: string) => [...queryKeys.spareparts, 'quotes', lang] as const,
  messages: (quoteId: string) => [...queryKeys.spareparts, 'messages', quoteId] as const,
};
