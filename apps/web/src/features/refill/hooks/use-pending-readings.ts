import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { refillKeys } from '../api/refill-keys';
import {
  READINGS_SENT_MESSAGE,
  SEND_READINGS_TAG,
  forgetReading,
  keepReading,
  newReadingKey,
  pendingReadings,
  sendWaitingReadings,
  type PendingReading,
} from '../lib/pending-readings';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * A drum's readings kept on the device (by the drum's id, or by its label's code for a drum no
 * longer in the list), and how they leave it: each is kept first, then sent at
 * once when there is signal; without, Background Sync sends it when the signal returns where the
 * browser has it, else the next `online` event or visit does. Whoever sends, the key makes it
 * one reading.
 */
export function usePendingReadings({
  drumId,
  publicCode,
}: {
  drumId?: string | undefined;
  publicCode?: string | undefined;
}) {
  const queryClient = useQueryClient();
  const [readings, setReadings] = useState<PendingReading[]>([]);

  const kept = useCallback(
    () => (drumId || publicCode ? pendingReadings({ drumId, publicCode }) : Promise.resolve([])),
    [drumId, publicCode],
  );
  const reload = useCallback(async () => {
    setReadings(await kept());
  }, [kept]);

  const send = useCallback(async () => {
    const { sent } = await sendWaitingReadings().catch(() => ({ sent: 0 }));
    await reload();
    if (sent > 0) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: refillKeys.all }),
        queryClient.invalidateQueries({ queryKey: refillKeys.alerts }),
      ]);
    }
  }, [queryClient, reload]);

  useEffect(() => {
    let isCurrent = true;
    void kept().then((found) => {
      if (!isCurrent) return;
      setReadings(found);
      if (navigator.onLine) void send();
    });
    const onOnline = () => void send();
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === READINGS_SENT_MESSAGE) void send();
    };
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      isCurrent = false;
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [kept, send]);

  const add = useCallback(
    async (reading: Omit<PendingReading, 'key' | 'errorCode'>) => {
      await keepReading({ ...reading, key: newReadingKey() });
      await reload();
      if (navigator.onLine) {
        await send();
        return;
      }
      const registration = (await navigator.serviceWorker?.getRegistration()) as
        (ServiceWorkerRegistration & SyncRegistration) | undefined;
      await registration?.sync?.register(SEND_READINGS_TAG).catch(() => undefined);
    },
    [reload, send],
  );

  const discard = useCallback(
    async (key: string) => {
      await forgetReading(key);
      await reload();
    },
    [reload],
  );

  return { readings, add, discard };
}
