import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffTransitionRequest, WorkItemDetail } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { backofficeKeys } from './backoffice-keys';

type Operation =
  | { kind: 'claim' }
  | { kind: 'assign'; assigneeUserId: string | null }
  | { kind: 'transition'; request: StaffTransitionRequest }
  | { kind: 'reply'; body: string }
  | { kind: 'note'; body: string };

/** POST /api/backoffice/items/{id}/…: claim, assign, transition, reply, note; each answers the item. */
export function workOnItem(id: string, operation: Operation): Promise<WorkItemDetail> {
  const base = `/backoffice/items/${encodeURIComponent(id)}`;
  switch (operation.kind) {
    case 'claim':
      return apiRequest(`${base}/claim`, { method: 'POST', body: {} });
    case 'assign':
      return apiRequest(`${base}/assign`, {
        method: 'POST',
        body: { assigneeUserId: operation.assigneeUserId },
      });
    case 'transition':
      return apiRequest(`${base}/transition`, { method: 'POST', body: operation.request });
    case 'reply':
      return apiRequest(`${base}/messages`, { method: 'POST', body: { body: operation.body } });
    case 'note':
      return apiRequest(`${base}/notes`, { method: 'POST', body: { body: operation.body } });
  }
}

/** Every change answers the whole item: it replaces the cached one, and the inbox reads again. */
export function useWorkOnItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operation: Operation) => workOnItem(id, operation),
    onSuccess: (item) => {
      queryClient.setQueriesData<WorkItemDetail>(
        { queryKey: [...backofficeKeys.all, 'item', id] },
        item,
      );
      return queryClient.invalidateQueries({ queryKey: [...backofficeKeys.all, 'inbox'] });
    },
  });
}
