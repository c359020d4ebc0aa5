import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffTransitionRequest, WorkItemDetail } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { backofficeKeys } from './backoffice-keys';

type Operation =
  | { kind: 'claim' }
  | { kind: 'assign'; assigneeUserId: string | null }
  | { kind: 'transition'; request: StaffTransitionRequest }
  | { kind: 'reply'; body: string; seenMessages?: number }
  | { kind: 'note'; body: string };

/**
 * POST /api/backoffice/items/{id}/…?lang=: claim, assign, transition, reply, note; each answers
 * the item in `lang`, the page's language (part names, who wrote each message).
 */
export function workOnItem(
  id: string,
  lang: string,
  operation: Operation,
): Promise<WorkItemDetail> {
  const path = (action: string) =>
    `/backoffice/items/${encodeURIComponent(id)}/${action}?lang=${encodeURIComponent(lang)}`;
  switch (operation.kind) {
    case 'claim':
      return apiRequest(path('claim'), { method: 'POST', body: {} });
    case 'assign':
      return apiRequest(path('assign'), {
        method: 'POST',
        body: { assigneeUserId: operation.assigneeUserId },
      });
    case 'transition':
      return apiRequest(path('transition'), { method: 'POST', body: operation.request });
    case 'reply':
      return apiRequest(path('messages'), {
        method: 'POST',
        body: { body: operation.body, seenMessages: operation.seenMessages },
      });
    case 'note':
      return apiRequest(path('notes'), { method: 'POST', body: { body: operation.body } });
  }
}

/**
 * Every change answers the whole item in the page's language: it replaces the cached item of
 * that language, the item in any other language is read again when shown, and the inbox too.
 */
export function useWorkOnItem(id: string, lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operation: Operation) => workOnItem(id, lang, operation),
    onSuccess: (item) => {
      queryClient.setQueryData(backofficeKeys.item(id, lang), item);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: [...backofficeKeys.all, 'item', id],
          predicate: (query) => query.queryKey[3] !== lang,
        }),
        queryClient.invalidateQueries({ queryKey: [...backofficeKeys.all, 'inbox'] }),
      ]);
    },
  });
}
