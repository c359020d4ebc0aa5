import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkItemDetail } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { backofficeKeys } from './backoffice-keys';
import { untilDue } from './until-due';

/** GET /api/backoffice/items/{id}: one item as staff work it (marks it read). */
export function getWorkItem(
  id: string,
  lang: string,
  signal?: AbortSignal,
): Promise<WorkItemDetail> {
  return apiRequest<WorkItemDetail>(`/backoffice/items/${encodeURIComponent(id)}?lang=${lang}`, {
    signal,
  });
}

export const workItemQueryOptions = (id: string, lang: string) =>
  queryOptions({
    queryKey: backofficeKeys.item(id, lang),
    queryFn: ({ signal }) => getWorkItem(id, lang, signal),
    // Its overdue mark comes with the clock, not with a change: the item is read again then.
    refetchInterval: (query) => {
      const dueAt = query.state.data?.dueAt ?? null;
      return dueAt !== null && Date.parse(dueAt) > Date.now() ? untilDue(dueAt) : false;
    },
  });

export function useWorkItem(id: string, lang: string) {
  return useQuery(workItemQueryOptions(id, lang));
}
