import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Presence } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { presenceKey } from '@/lib/live/live-stream';

/** The page says again that its reader is there this often (the server forgets after 30 s). */
const PRESENCE_RENEW_MS = 10_000;

const presencePath = (id: string) => `/backoffice/items/${encodeURIComponent(id)}/presence`;

/** PUT /api/backoffice/items/{id}/presence: the reader is here (typing or not); who else is. */
export function notePresence(id: string, isTyping: boolean): Promise<Presence> {
  return apiRequest(presencePath(id), { method: 'PUT', body: { isTyping } });
}

/** GET /api/backoffice/items/{id}/presence: the other staff members on the item's page. */
export function getPresence(id: string, signal?: AbortSignal): Promise<Presence> {
  return apiRequest(presencePath(id), { signal });
}

/**
 * The other staff members on the item's page, read again whenever one comes, goes or starts or
 * stops typing (a live event). While mounted, the page says its reader is here, and whether
 * they are typing, at once when that changes and every 10 s; leaving says so.
 */
export function useItemPresence(id: string, isTyping: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: presenceKey(id),
    queryFn: ({ signal }) => getPresence(id, signal),
  });
  useEffect(() => {
    const say = () =>
      notePresence(id, isTyping).then(
        (presence) => queryClient.setQueryData(presenceKey(id), presence),
        // Presence is a courtesy: a failed renewal is retried at the next one.
        () => undefined,
      );
    void say();
    const timer = setInterval(() => void say(), PRESENCE_RENEW_MS);
    return () => clearInterval(timer);
  }, [id, isTyping, queryClient]);
  useEffect(
    () => () => void apiRequest(presencePath(id), { method: 'DELETE' }).catch(() => undefined),
    [id],
  );
  return query.data?.others ?? [];
}
