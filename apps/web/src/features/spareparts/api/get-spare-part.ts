import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SparePartDetail } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { sparePartsKeys } from './spare-parts-keys';

/** GET /api/spareparts/{id}: a part with what it replaces and which of the account's units it fits. */
export function getSparePart(
  id: string,
  lang: string,
  signal?: AbortSignal,
): Promise<SparePartDetail> {
  return apiRequest<SparePartDetail>(`/spareparts/${encodeURIComponent(id)}?lang=${lang}`, {
    signal,
  });
}

export const sparePartQueryOptions = (id: string, lang: string) =>
  queryOptions({
    queryKey: sparePartsKeys.detail(id, lang),
    queryFn: ({ signal }) => getSparePart(id, lang, signal),
  });

export function useSparePart(id: string, lang: string, enabled = true) {
  return useQuery({ ...sparePartQueryOptions(id, lang), enabled });
}
