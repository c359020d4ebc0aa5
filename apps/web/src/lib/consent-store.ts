import { createStore, useStore } from 'zustand';

/** Local-storage key of the analytics consent record. */
export const CONSENT_KEY = 'analytics-acceptance';

/** The version a stored answer must have; below it the pop-up shows. */
export const CONSENT_VERSION = 1;

export interface ConsentRecord {
  version: number;
  analytics: { isGoogleAnalyticsEnabled: boolean };
  /** When the user answered; absent in the default record. */
  answeredAt?: string;
}

/**
 * The record before any answer: version 0, analytics on. The pop-up's switch starts from
 * it; CNIL would prefer `false` here, and this one constant is where to change it.
 */
export const defaultConsentRecord: ConsentRecord = {
  version: 0,
  analytics: { isGoogleAnalyticsEnabled: true },
};

function parseRecord(raw: string | null): ConsentRecord {
  if (!raw) return defaultConsentRecord;
  try {
    const value = JSON.parse(raw) as Partial<ConsentRecord> | null;
    const enabled = value?.analytics?.isGoogleAnalyticsEnabled;
    if (typeof value?.version !== 'number' || typeof enabled !== 'boolean') {
      return defaultConsentRecord;
    }
    return {
      version: value.version,
      analytics: { isGoogleAnalyticsEnabled: enabled },
      ...(typeof value.answeredAt === 'string' ? { answeredAt: value.answeredAt } : {}),
    };
  } catch {
    return defaultConsentRecord;
  }
}

export interface ConsentState {
  record: ConsentRecord;
  /** OK in the pop-up: stores the current version with the chosen flag. */
  accept(isGoogleAnalyticsEnabled: boolean, now?: Date): void;
  /** Resets the version to 0 so the pop-up shows again, keeping the last choice as its default. */
  invalidate(): void;
}

export function createConsentStore(storage: Storage | undefined = globalThis.localStorage) {
  const read = () => {
    try {
      return parseRecord(storage?.getItem(CONSENT_KEY) ?? null);
    } catch {
      return defaultConsentRecord;
    }
  };
  const write = (record: ConsentRecord) => {
    try {
      storage?.setItem(CONSENT_KEY, JSON.stringify(record));
    } catch {
      // Private mode or a full quota: the choice still holds for this visit.
    }
  };
  const store = createStore<ConsentState>()((set, get) => ({
    record: read(),
    accept(isGoogleAnalyticsEnabled, now = new Date()) {
      const record: ConsentRecord = {
        version: CONSENT_VERSION,
        analytics: { isGoogleAnalyticsEnabled },
        answeredAt: now.toISOString(),
      };
      write(record);
      set({ record });
    },
    invalidate() {
      const record: ConsentRecord = { version: 0, analytics: get().record.analytics };
      write(record);
      set({ record });
    },
  }));
  // Another tab's answer applies here too.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === CONSENT_KEY) store.setState({ record: read() });
  });
  return store;
}

/** True when the user has not answered the current version yet. */
export function needsConsent(record: ConsentRecord): boolean {
  return record.version < CONSENT_VERSION;
}

/** True only for an answered record with analytics enabled. */
export function hasAnalyticsConsent(record: ConsentRecord): boolean {
  return !needsConsent(record) && record.analytics.isGoogleAnalyticsEnabled;
}

export const consentStore = createConsentStore();

export function useConsentStore<T>(selector: (state: ConsentState) => T): T {
  return useStore(consentStore, selector);
}
