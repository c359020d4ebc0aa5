import { describe, expect, it } from 'vitest';
import { readRuntimeSettings } from './env';

function documentWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (json !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'runtime-settings';
    block.textContent = json;
    doc.head.append(block);
  }
  return doc;
}

describe('readRuntimeSettings', () => {
  it('reads the settings the server injected', () => {
    expect(
      readRuntimeSettings(documentWith('{"appEnv":"prd","gaMeasurementId":"G-ABC123"}')),
    ).toEqual({
      appEnv: 'prd',
      gaMeasurementId: 'G-ABC123',
      apiReference: true,
    });
  });

  it('hides the API reference only when the server says it is off', () => {
    expect(readRuntimeSettings(documentWith('{"apiReference":false}')).apiReference).toBe(false);
    expect(readRuntimeSettings(documentWith('{"apiReference":true}')).apiReference).toBe(true);
    expect(readRuntimeSettings(documentWith('{}')).apiReference).toBe(true);
  });

  it('falls back to dev without analytics when the block is missing or broken', () => {
    const fallback = { appEnv: 'dev', gaMeasurementId: null, apiReference: true };
    expect(readRuntimeSettings(documentWith(null))).toEqual(fallback);
    expect(readRuntimeSettings(documentWith('{not json'))).toEqual(fallback);
    expect(readRuntimeSettings(documentWith('{"appEnv":"evil","gaMeasurementId":"<x>"}'))).toEqual(
      fallback,
    );
  });

  it('passes on the session hint, and leaves it unknown when absent or not a boolean', () => {
    expect(readRuntimeSettings(documentWith('{"appEnv":"dev","hasSession":false}'))).toEqual({
      appEnv: 'dev',
      gaMeasurementId: null,
      apiReference: true,
      hasSession: false,
    });
    expect(readRuntimeSettings(documentWith('{"hasSession":true}')).hasSession).toBe(true);
    expect(readRuntimeSettings(documentWith('{"hasSession":"no"}'))).not.toHaveProperty(
      'hasSession',
    );
  });

  it("passes on the server's reading of the locale cookie, and leaves it unknown when absent or not a language", () => {
    expect(readRuntimeSettings(documentWith('{"localeCookie":"en"}')).localeCookie).toBe('en');
    expect(readRuntimeSettings(documentWith('{"localeCookie":null}')).localeCookie).toBeNull();
    expect(readRuntimeSettings(documentWith('{}'))).not.toHaveProperty('localeCookie');
    expect(readRuntimeSettings(documentWith('{"localeCookie":"de"}'))).not.toHaveProperty(
      'localeCookie',
    );
  });
});
