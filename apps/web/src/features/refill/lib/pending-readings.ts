import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { isApiError, type ErrorCode } from '@portal/contract';

/**
 * A manual reading kept on the device until the server has it: taken without signal, or sent
 * and not yet answered. Its key is drawn when it is taken and sent as its Idempotency-Key, so a
 * reading sent again (the answer was lost, two tabs or the service worker sent it at once) is
 * recorded once.
 */
export interface PendingReading {
  key: string;
  drumId: string;
  serial: string;
  /**
   * The code of the drum's label: the drum's page finds its readings by it even once the drum
   * has left the account's list (collected meanwhile). Absent from readings kept before it was.
   */
  publicCode?: string;
  remainingM: number;
  /** ISO time the reading was taken: the server dates it so, not when it arrives. */
  readAt: string;
  /**
   * Why the server refused it: the person fixes or discards it. Without it, the reading waits to
   * be sent.
   */
  errorCode?: ErrorCode;
  /** The field the refusal is about (`remainingM`: out of the drum's range), when it says one. */
  errorField?: string;
}

interface FieldDatabase extends DBSchema {
  readings: { key: string; value: PendingReading; indexes: { drumId: string } };
}

/** The Background Sync tag the service worker sends the waiting readings on. */
export const SEND_READINGS_TAG = 'send-readings';
/** The message the service worker posts to its pages once it has sent readings. */
export const READINGS_SENT_MESSAGE = 'readings-sent';

let database: Promise<IDBPDatabase<FieldDatabase>> | undefined;

function open() {
  database ??= openDB<FieldDatabase>('portal-field', 1, {
    upgrade(db) {
      db.createObjectStore('readings', { keyPath: 'key' }).createIndex('drumId', 'drumId');
    },
  });
  return database;
}

/** A new reading's key: random, in the Idempotency-Key's alphabet. */
export function newReadingKey(): string {
  return `reading-${crypto.randomUUID()}`;
}

export async function keepReading(reading: PendingReading): Promise<void> {
  await (await open()).put('readings', reading);
}

/** The readings of one drum (by its id or its label's code), or all of them, oldest first. */
export async function pendingReadings(
  of: { drumId?: string | undefined; publicCode?: string | undefined } = {},
): Promise<PendingReading[]> {
  const db = await open();
  const all = of.drumId
    ? await db.getAllFromIndex('readings', 'drumId', of.drumId)
    : await db.getAll('readings');
  return all
    .filter((reading) => !of.publicCode || reading.publicCode === of.publicCode)
    .sort((a, b) => a.readAt.localeCompare(b.readAt));
}

export async function forgetReading(key: string): Promise<void> {
  await (await open()).delete('readings', key);
}

/** The answers that will not change by sending again: the reading itself is refused. */
const isRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 429;

/**
 * Sends every waiting reading, oldest first, each with its key. A reading the server took (or
 * had already taken) is forgotten; one it refused is kept with the reason; on no answer, a
 * sign-in to renew or a busy server, it waits for the next try. Runs in a page and in the
 * service worker alike (fetch and IndexedDB only).
 */
export async function sendWaitingReadings(): Promise<{ sent: number; refused: number }> {
  let sent = 0;
  let refused = 0;
  for (const reading of await pendingReadings()) {
    if (reading.errorCode) continue;
    let response: Response;
    try {
      response = await fetch(`/api/refill/drums/${encodeURIComponent(reading.drumId)}/readings`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'idempotency-key': reading.key },
        body: JSON.stringify({ remainingM: reading.remainingM, readAt: reading.readAt }),
      });
    } catch {
      break;
    }
    if (response.ok) {
      await forgetReading(reading.key);
      sent += 1;
    } else if (isRefusal(response.status)) {
      const body: unknown = await response.json().catch(() => undefined);
      const error = isApiError(body) ? body : { message: 'request.invalid' as const };
      await keepReading({
        ...reading,
        errorCode: error.message,
        errorField: error.errors?.[0]?.field,
      });
      refused += 1;
    } else {
      break;
    }
  }
  return { sent, refused };
}
