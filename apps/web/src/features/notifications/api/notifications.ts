import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the bell asks again while the page is open. */
const REFRESH_MS = 60_000;

/** GET /api/notifications: the newest notifications and the unread count. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest<NotificationList>('/notifications?limit=20', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: REFRESH_MS,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** POST /api/notifications/read: these notifications, or all when `ids` is absent. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiRequest<void>('/notifications/read', { method: 'POST', body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
