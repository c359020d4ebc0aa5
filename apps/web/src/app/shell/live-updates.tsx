import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiveEventKind } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { connectLive } from '@/lib/live/live-stream';

/**
 * The tab's live updates: the one event stream, which has the screens read again what changed,
 * and a polite live region saying so. Focus never moves; who is on an item's page is said by the
 * page itself, and a new message by the conversation's own log.
 */
export function LiveUpdates() {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  });
  useEffect(() => {
    const connection = connectLive({
      queryClient,
      onEvent: (event) => {
        const key = announced[event.kind];
        if (!key) return;
        const text = translate.current(key);
        setAnnouncement((last) => ({ text, count: last.count + 1 }));
      },
    });
    return () => connection.close();
  }, [queryClient]);
  return (
    <div role="status" className="visually-hidden" data-testid="live-announcement">
      {/* A new node each time: the same sentence twice is announced twice. */}
      <span key={announcement.count}>{announcement.text}</span>
    </div>
  );
}

const announced: Record<LiveEventKind, string | undefined> = {
  item: 'live.item',
  message: 'live.message',
  notification: 'live.notification',
  drum: 'live.drum',
  presence: undefined,
};
