import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type Agent } from 'node:http';
import { build } from 'esbuild';
import pg from 'pg';
import { workspacePath } from '../../../src/config/paths';

/**
 * The process-level suites run the real server as a child process, built the way `npm start`
 * builds it (esbuild bundle, npm packages external), so `kill -9`, SIGTERM and RSS are those of
 * production, not of a test runner.
 */

// eslint-disable-next-line no-restricted-properties -- the harness reads its own knobs and PATH
const testEnv = process.env;

/** The PostgreSQL server of the suites (TEST_DATABASE_URL), or undefined. */
export const postgresAdminUrl = testEnv.TEST_DATABASE_URL;

let bundled: Promise<string> | undefined;

/** Bundles src/server.ts once per test file (dist/ is git-ignored). */
export function bundleServer(): Promise<string> {
  bundled ??= (async () => {
    const manifest = JSON.parse(
      readFileSync(workspacePath('apps/server/package.json'), 'utf8'),
    ) as {
      dependencies: Record<string, string>;
    };
    const external = Object.keys(manifest.dependencies).filter(
      (name) => !name.startsWith('@portal/'),
    );
    const outfile = workspacePath(
      `apps/server/test/reliability/process/dist/server-${process.pid}.js`,
    );
    await build({
      entryPoints: [workspacePath('apps/server/src/server.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'esm',
      external: [...external, ...external.map((name) => `${name}/*`)],
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}

export interface ServerProcess {
  url: string;
  origin: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** Resident memory in KiB, from /proc. */
  rssKb: () => number;
  kill: (signal: NodeJS.Signals) => void;
}

/** Starts the server and waits until /api/health answers 200. */
export async function startServerProcess(
  env: Record<string, string>,
  { port, timeoutMs = 120_000 }: { port: number; timeoutMs?: number },
): Promise<ServerProcess> {
  const entry = await bundleServer();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: testEnv.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let done = false;
  void exited.then(() => (done = true));
  const started = Date.now();
  for (;;) {
    if (done) throw new Error(`server on ${port} exited during start:\n${output}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server on ${port} not healthy after ${timeoutMs} ms:\n${output}`);
    }
    const health = await send(url, 'GET', '/api/health').catch(() => undefined);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    origin: url,
    port,
    child,
    output: () => output,
    exited,
    rssKb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    },
    kill: (signal) => child.kill(signal),
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: <T>() => T;
}

/**
 * One HTTP request on its own connection (or the given agent's), with our Origin on writes.
 * Network failures reject with the socket error (its `code`: ECONNREFUSED, ECONNRESET…).
 */
export function send(
  base: string,
  method: string,
  path: string,
  {
    json,
    headers = {},
    agent,
  }: { json?: unknown; headers?: Record<string, string>; agent?: Agent } = {},
): Promise<Answer> {
  const url = new URL(base);
  const body = json === undefined ? undefined : JSON.stringify(json);
  const all: Record<string, string> = { ...headers };
  if (method !== 'GET' && method !== 'HEAD') all.origin ??= url.origin;
  if (body !== undefined) {
    all['content-type'] ??= 'application/json';
    all['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method, headers: all, agent: agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `name=value` of the session cookie an answer set. */
export function cookieOf(answer: Answer): string {
  const header = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const cookie = header.find((value) => value.startsWith('session='));
  if (!cookie) throw new Error(`no session cookie (status ${answer.status}: ${answer.body})`);
  return cookie.split(';')[0]!;
}

/** A fresh PostgreSQL database for one suite, and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_reliability_${randomBytes(6).toString('hex')}`;
  await queryPostgres(postgresAdminUrl, `create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await queryPostgres(postgresAdminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one query on a PostgreSQL database and closes the connection. */
export async function queryPostgres<T>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
