import { createRequire } from 'node:module';

export interface TracingOptions {
  /** The collector's OTLP/HTTP traces URL (…/v1/traces). */
  tracesUrl: URL;
  serviceName: string;
  /** The running build, as the metrics name it (portal_build_info). */
  serviceVersion: string;
}

/**
 * Exports OpenTelemetry traces over OTLP/HTTP: a span for every request served, every SQL
 * statement sent to PostgreSQL (pg) and every outgoing call (node:http and node:https: SMTP
 * is not HTTP; fetch through undici). It must run before the modules it watches are loaded,
 * and it is loaded only when tracing is set up: without it, none of these packages is read.
 * Resolves to the function that sends the spans still buffered and stops.
 */
export async function startTracing({
  tracesUrl,
  serviceName,
  serviceVersion,
}: TracingOptions): Promise<() => Promise<void>> {
  // The packages traced are CommonJS (node:http, pg, fastify's own `require`): the
  // instrumentations patch them through `require`, which ES modules' imports of them also pass
  // through. No loader hook for ES modules: it would wrap every module the server loads.
  const [
    { context, propagation, trace },
    { AsyncLocalStorageContextManager },
    { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator },
    { resourceFromAttributes },
    { BatchSpanProcessor, TracerProvider },
    { OTLPTraceExporter },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { UndiciInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': serviceName,
      'service.version': serviceVersion,
    }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl.toString() }) }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  );
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Health checks and scrapes come every few seconds: a span each would drown the rest.
        ignoreIncomingRequestHook: (request) =>
          request.url === '/api/health' || request.url === '/metrics',
      }),
      // A span per statement (the pool's waits are in the metrics); parameters never recorded.
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });
  // Node's HTTP modules may be loaded already (a bundle loads its static imports first):
  // required again, they are patched where every importer shares them (their prototypes).
  const requireModule = createRequire(import.meta.url);
  requireModule('node:http');
  requireModule('node:https');
  return () => provider.shutdown();
}
