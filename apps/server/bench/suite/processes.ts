import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { workspacePath } from '../../src/config/paths';

export const root = workspacePath('.');

export interface RunningServer {
  url: string;
  /** Milliseconds from spawning to the first 200 of /api/health. */
  startedInMs: number;
  /** The process spawned (npm's, for `npm start`). */
  pid?: number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before answering`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer from ${url}/api/health within ${timeoutMs / 1000} s`);
}

function stopper(child: ChildProcess, group: boolean): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = (signal: NodeJS.Signals) => {
        try {
          if (group && child.pid) process.kill(-child.pid, signal);
          else child.kill(signal);
        } catch {
          // Already gone.
        }
      };
      const timer = setTimeout(() => kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      kill('SIGINT');
    });
}

/**
 * Starts the portal as a user runs it: `npm start` (npm, scripts/start.mjs, the built server),
 * or `node apps/server/dist/server.js` directly, on `port` with `env`; resolves at the first 200
 * of /api/health. Logs are discarded (the server writes them as it does in production).
 */
export async function startPortal(
  port: number,
  env: Record<string, string>,
  how: 'npm start' | 'node' = 'node',
  timeoutMs = 180_000,
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    // eslint-disable-next-line no-restricted-properties -- the child inherits the bench's environment
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    ...env,
  };
  const started = performance.now();
  const child =
    how === 'npm start'
      ? spawn('npm', ['start', '--silent'], {
          cwd: root,
          env: fullEnv,
          stdio: 'ignore',
          detached: true,
        })
      : spawn(process.execPath, ['apps/server/dist/server.js'], {
          cwd: root,
          env: fullEnv,
          stdio: 'ignore',
        });
  const stop = stopper(child, how === 'npm start');
  try {
    await waitForHealth(url, child, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, startedInMs: performance.now() - started, pid: child.pid, stop };
}

/**
 * CPU time (user and system, ms) a process has used so far, where /proc tells (Linux): unlike
 * the time to an answer, it hardly moves with what else the machine runs.
 */
export function cpuTimeMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  // The fields after the command's name: utime and stime are the 12th and 13th, in ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A bare Fastify answering `{}` on GET /bare, in its own process like the portal. */
export async function startBareServer(port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [workspacePath('apps/server/bench/suite/bare-server.mjs')],
    {
      cwd: workspacePath('apps/server'),
      // eslint-disable-next-line no-restricted-properties -- the child inherits the bench's environment
      env: { ...process.env, PORT: String(port) },
      stdio: 'ignore',
    },
  );
  const stop = stopper(child, false);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/bare`)).status === 200) {
        return { url, startedInMs: performance.now() - started, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error('the bare Fastify server did not answer');
}

/** Runs a command to its end; resolves with its duration in ms, rejects on a non-zero exit. */
export function timeCommand(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
