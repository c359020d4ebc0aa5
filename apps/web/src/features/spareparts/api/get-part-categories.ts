import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartCategoryList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/categories: every category with its group, named in `lang`. */
export function getPartCategories(lang: string, signal?: AbortSignal): Promise<PartCategoryList> {
  return apiRequest<PartCategoryList>(`/spareparts/categories?lang=${lang}`, { signal });
}

export const partCategoriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: sparePartsKeys.categories(lang),
    queryFn: ({ signal }) => getPartCategories(lang, signal),
    // Categories change with a catalogue release, not while a user looks at them.
    staleTime: 10 * 60_000,
  });

export function usePartCategories(lang: string) {
  return useQuery(partCategoriesQueryOptions(lang));
}
