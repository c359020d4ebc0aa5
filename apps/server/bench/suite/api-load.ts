import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  /** Failed connections, timeouts and non-2xx answers. */
  errors: number;
  total: number;
}

export interface LoadTarget {
  name: string;
  /** Paths taken in turn (a search cycles through several, so no single answer is measured). */
  paths: string[];
  cookie?: string;
  /** Sent with every request besides the cookie (e.g. the Accept-Encoding a browser sends). */
  headers?: Record<string, string>;
}

/**
 * autocannon on `baseUrl` with 50 connections: a warm-up, then the measured run. Latencies are
 * in milliseconds, the rate is the mean of the per-second counts.
 */
export async function loadTest(
  baseUrl: string,
  target: LoadTarget,
  seconds: number,
  warmUpSeconds: number,
): Promise<LoadResult> {
  let next = 0;
  const headers: Record<string, string> = {
    ...target.headers,
    ...(target.cookie ? { cookie: target.cookie } : {}),
  };
  const options = (duration: number) => ({
    url: baseUrl,
    connections: 50,
    duration,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: { path?: string }) => ({
          ...request,
          path: target.paths[next++ % target.paths.length],
        }),
      },
    ],
  });
  await autocannon(options(warmUpSeconds));
  const result = await autocannon(options(seconds));
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

export interface LatencyResult {
  name: string;
  calls: number;
  p50: number;
  p95: number;
  p99: number;
  /** What one answer weighs, for context (bytes of JSON). */
  bytes: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ??
  Number.NaN;

/** One call at a time, `calls` times after `warmUp` calls: the latency a single user sees. */
export async function sequentialLatency(
  baseUrl: string,
  target: LoadTarget,
  calls: number,
  warmUp = 20,
): Promise<LatencyResult> {
  const call = async (index: number) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${target.paths[index % target.paths.length]}`, {
      headers: target.cookie ? { cookie: target.cookie } : {},
    });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${target.name}: ${response.status}`);
    return { elapsed, bytes: body.byteLength };
  };
  for (let index = 0; index < warmUp; index++) await call(index);
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < calls; index++) {
    const { elapsed, bytes: size } = await call(index);
    times.push(elapsed);
    bytes = size;
  }
  times.sort((a, b) => a - b);
  return {
    name: target.name,
    calls,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    bytes,
  };
}
