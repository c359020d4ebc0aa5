import { languages, type Language } from '@portal/contract';

/**
 * The only module that reads runtime settings. The server injects them into index.html as a JSON
 * block (apps/server/src/http/spa.ts), so one build serves dev, rec and prd alike.
 */
export interface RuntimeSettings {
  appEnv: 'dev' | 'rec' | 'prd';
  gaMeasurementId: string | null;
  /**
   * Whether the page request carried a session cookie. False: a visitor, no session query at all.
   * Absent (the Vite dev server, tests): unknown, so the session query runs.
   */
  hasSession?: boolean;
  /**
   * The language of the page request's `locale` cookie, null without one, read by the server so
   * the app need not read its cookies. Absent (the Vite dev server, tests): unknown.
   */
  localeCookie?: Language | null;
  /**
   * Whether the server serves the reference page of /api/v1 (off in prd unless turned on), so
   * the integration page links to it only then. On where the server did not say (dev, tests).
   */
  apiReference: boolean;
}

const defaults: RuntimeSettings = { appEnv: 'dev', gaMeasurementId: null, apiReference: true };

export function readRuntimeSettings(doc: Document = document): RuntimeSettings {
  const block = doc.getElementById('runtime-settings');
  if (!block?.textContent) return defaults;
  try {
    const parsed = JSON.parse(block.textContent) as Partial<RuntimeSettings>;
    return {
      appEnv: parsed.appEnv === 'prd' || parsed.appEnv === 'rec' ? parsed.appEnv : 'dev',
      gaMeasurementId:
        typeof parsed.gaMeasurementId === 'string' && /^G-[A-Z0-9]+$/.test(parsed.gaMeasurementId)
          ? parsed.gaMeasurementId
          : null,
      apiReference: parsed.apiReference !== false,
      ...(typeof parsed.hasSession === 'boolean' ? { hasSession: parsed.hasSession } : {}),
      ...(parsed.localeCookie === null || languages.includes(parsed.localeCookie as Language)
        ? { localeCookie: parsed.localeCookie }
        : {}),
    };
  } catch {
    return defaults;
  }
}

export const runtimeSettings = readRuntimeSettings();
