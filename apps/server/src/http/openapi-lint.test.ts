import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Spectral's `spectral:oas` ruleset, as an integrator's pipeline runs it, on the live document. */
async function lint(url: string) {
  const response = await server.request(url);
  expect(response.status).toBe(200);
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
  const results = await spectral.run(new Document(await response.text(), Parsers.Json, url));
  return results.map(
    (result) => `${result.severity === 0 ? 'error' : 'warning'} ${result.code} ${result.path.join('.')}: ${result.message}`,
  );
}

describe("the API's OpenAPI documents", () => {
  it.each(['/api/v1/openapi.json', '/api/openapi.json'])(
    '%s lints clean with spectral:oas (no error, no warning)',
    async (url) => {
      const found = await lint(url);
      console.log("LINT", url, found.length, JSON.stringify(found));
      expect(found).toEqual([]);
    },
  );
});
