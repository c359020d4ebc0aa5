import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePortInRange } from '../smtp-capture';
import { bundleServer, send } from './server-process';

// eslint-disable-next-line no-restricted-properties -- the child needs PATH and nothing else of ours
const path = process.env.PATH ?? '';

/** `promise`, or a rejection once `ms` have passed: a hung server fails the test, not its timeout. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);
}

/**
 * Whoever reads the server's output can go away (`npm start | head`, a log collector that
 * stops): the server must go on answering, and stop when told to.
 */
describe('a server whose output nobody reads', { timeout: 120_000 }, () => {
  it('goes on answering, writing its log nowhere, and stops cleanly at SIGTERM', async () => {
    const entry = await bundleServer();
    const port = await freePortInRange(3670, 3679);
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [entry], {
      env: {
        PATH: path,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATABASE_URL: 'memory://',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    // The reader is gone before the server writes its first line: every write to it fails.
    child.stdout.destroy();
    const exited = new Promise<number | string>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
    );
    try {
      let health: number | undefined;
      for (const deadline = Date.now() + 60_000; health !== 200 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        health = await within(send(url, 'GET', '/api/health'), 2000).then(
          (answer) => answer.status,
          () => undefined,
        );
      }
      expect(health, errors).toBe(200);
      // Each request writes a log line: the answers still come.
      for (let request = 0; request < 5; request++) {
        expect((await within(send(url, 'GET', '/api/users/me'), 2000)).status).toBe(401);
      }
      child.kill('SIGTERM');
      expect(await within(exited, 10_000), errors).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
