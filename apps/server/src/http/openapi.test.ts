import { readFile } from 'node:fs/promises';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';
import { machineApiTypes, machineApiTypesPath } from '../../scripts/machine-api-types';

/**
 * The two OpenAPI documents as integrators read them: Spectral's `spectral:oas` ruleset finds
 * nothing in either, every operation says what it is, and the machines' types committed in
 * packages/contract are what the live document generates now.
 */

let server: TestServer;
const documents: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const url of ['/api/v1/openapi.json', '/api/openapi.json']) {
    const response = await server.request(url);
    expect(response.status).toBe(200);
    documents[url] = await response.text();
  }
});
afterAll(() => server.close());

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { example?: unknown }>;
    }
  >;
}
interface ParsedDocument {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
}

const parsed = (url: string) => JSON.parse(documents[url]!) as ParsedDocument;
const operationsOf = (url: string) =>
  Object.entries(parsed(url).paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      ...operation,
    })),
  );

describe.each(['/api/v1/openapi.json', '/api/openapi.json'])('%s', (url) => {
  it("has nothing for Spectral's spectral:oas ruleset to say: no error, no warning", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
    const results = await spectral.run(new Document(documents[url]!, Parsers.Json, url));
    const found = results.map(
      (result) =>
        `${result.severity === 0 ? 'error' : 'warning'} ${result.code} ${result.path.join('.')}: ${result.message}`,
    );
    expect(found).toEqual([]);
  });

  it('gives every operation an id, a summary, a description and declared tags; every answer a sentence', () => {
    const declared = new Set(
      (parsed(url).tags ?? []).filter((tag) => tag.description).map((tag) => tag.name),
    );
    const faults = operationsOf(url).flatMap((operation) => [
      ...(operation.operationId ? [] : [`${operation.name}: no operationId`]),
      ...(operation.summary ? [] : [`${operation.name}: no summary`]),
      ...(operation.description ? [] : [`${operation.name}: no description`]),
      ...(operation.tags?.length ? [] : [`${operation.name}: no tag`]),
      ...(operation.tags ?? [])
        .filter((tag) => !declared.has(tag))
        .map((tag) => `${operation.name}: tag ${tag} is not declared`),
      ...Object.entries(operation.responses)
        .filter(([, answer]) => answer.description === 'Default Response')
        .map(([status]) => `${operation.name} ${status}: no description`),
    ]);
    expect(faults).toEqual([]);
  });
});

describe("the machines' document", () => {
  const url = '/api/v1/openapi.json';

  it('gives every answer an example, the rate-limit headers, and Retry-After to 429 and 503', () => {
    const faults = operationsOf(url).flatMap((operation) =>
      Object.entries(operation.responses).flatMap(([status, answer]) => [
        ...Object.entries(answer.content ?? {})
          .filter(([, media]) => media.example === undefined)
          .map(([type]) => `${operation.name} ${status} ${type}: no example`),
        ...['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']
          .filter((header) => !answer.headers?.[header])
          .map((header) => `${operation.name} ${status}: no ${header}`),
        ...(['429', '503'].includes(status) && !answer.headers?.['Retry-After']
          ? [`${operation.name} ${status}: no Retry-After`]
          : []),
      ]),
    );
    expect(faults).toEqual([]);
  });

  it('lists only the error codes an operation can answer, and Idempotent-Replayed where a retry is safe', () => {
    const readings = parsed(url).paths['/api/v1/readings']!.post!;
    const codes = (status: string) =>
      (
        readings.responses[status]!.content!['application/json'] as {
          schema: { properties: { message: { enum: string[] } } };
        }
      ).schema.properties.message.enum;
    expect(codes('401')).toEqual(['auth.unauthenticated', 'auth.key_expired', 'auth.suspended']);
    expect(codes('422')).toEqual(['request.idempotency_mismatch']);
    expect(readings.responses['200']!.headers?.['Idempotent-Replayed']).toBeDefined();
    const drums = parsed(url).paths['/api/v1/drums']!.get!;
    expect(Object.keys(drums.responses).sort()).toEqual(['200', '400', '401', '403', '429', '503']);
    expect(drums.responses['200']!.headers?.['Idempotent-Replayed']).toBeUndefined();
  });

  it('generates the types committed in packages/contract (npm run generate:api-client)', async () => {
    const committed = await readFile(machineApiTypesPath, 'utf8');
    expect(committed, 'run `npm run generate:api-client` and commit the result').toBe(
      await machineApiTypes(JSON.parse(documents[url]!)),
    );
  });
});
