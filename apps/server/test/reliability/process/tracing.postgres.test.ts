import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortInRange } from '../smtp-capture';
import {
  freshPostgresDatabase,
  send,
  startServerProcess,
  type ServerProcess,
} from './server-process';

/**
 * OpenTelemetry: the built server, with OTEL_EXPORTER_OTLP_ENDPOINT set, sends its traces to a
 * collector over OTLP/HTTP (JSON here, as the HTTP exporter sends it): a request served is a
 * span, and the SQL it ran are spans of the same trace under it.
 */

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}

/** A collector that keeps what it receives at /v1/traces. */
async function startCollector() {
  const received: Array<{ contentType: string; body: OtlpExport }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      received.push({
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: { attributes: OtlpAttribute[] }, key: string) => {
  const value = span.attributes.find((candidate) => candidate.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** OTLP's span kinds. */
const SERVER = 2;
const CLIENT = 3;

let collector: Awaited<ReturnType<typeof startCollector>>;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  collector = await startCollector();
  database = await freshPostgresDatabase();
});
afterAll(async () => {
  if (server && server.child.exitCode === null) server.kill('SIGKILL');
  await collector?.close();
  await database?.drop();
});

describe('tracing', () => {
  it('exports a span for a request served and one for each SQL statement it ran, in one trace', async () => {
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-tracing-')),
        // A base URL with a trailing slash, as collectors' addresses are often written.
        OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/`,
        OTEL_SERVICE_NAME: 'portal-under-test',
      },
      { port: await freePortInRange(3680, 3689) },
    );
    const signUp = await send(server.url, 'POST', '/api/users/signup', {
      json: { email: 'traced@example.com' },
    });
    expect(signUp.status).toBe(202);
    // SIGTERM: the server sends the spans it still buffers before it exits.
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    expect(collector.received.length).toBeGreaterThan(0);
    expect(collector.received.every((entry) => entry.contentType.includes('json'))).toBe(true);
    const resources = collector.received.flatMap((entry) => entry.body.resourceSpans);
    expect(attribute(resources[0]!.resource, 'service.name')).toBe('portal-under-test');
    expect(attribute(resources[0]!.resource, 'service.version')).toEqual(expect.any(String));
    const spans = resources.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) =>
        scope.spans.map((span) => ({ ...span, scope: scope.scope.name })),
      ),
    );
    const request = spans.find(
      (span) =>
        span.kind === SERVER &&
        span.scope === '@opentelemetry/instrumentation-http' &&
        String(attribute(span, 'url.path') ?? attribute(span, 'http.target')).startsWith(
          '/api/users/signup',
        ),
    );
    expect(request, JSON.stringify(spans.map((span) => [span.scope, span.name]))).toBeDefined();
    expect(
      attribute(request!, 'http.response.status_code') ?? attribute(request!, 'http.status_code'),
    ).toBe(202);
    const statements = spans.filter(
      (span) =>
        span.scope === '@opentelemetry/instrumentation-pg' && span.traceId === request!.traceId,
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((span) => span.kind === CLIENT)).toBe(true);
    // The sign-up wrote its mail to the outbox: that statement is among them, its values not.
    const texts = statements.map((span) =>
      String(attribute(span, 'db.query.text') ?? attribute(span, 'db.statement') ?? ''),
    );
    expect(texts.some((text) => /insert into "mail_outbox"/i.test(text))).toBe(true);
    expect(JSON.stringify(statements)).not.toContain('traced@example.com');
    // Health checks, every few seconds from a balancer, are left out.
    expect(
      spans.some(
        (span) =>
          String(attribute(span, 'url.path') ?? attribute(span, 'http.target')) === '/api/health',
      ),
    ).toBe(false);
  });
});
