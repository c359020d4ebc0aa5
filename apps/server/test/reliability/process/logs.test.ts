import { describe, expect, it } from 'vitest';
import { freePortInRange } from '../smtp-capture';
import { cookieOf, send, startServerProcess } from './server-process';

/**
 * Reliability suite 2 — sessions and access, in the logs: the fields docs/operations.md promises
 * are there, and no sign-in token (page URL, request body) or session cookie ever is.
 */
describe('suite 2 — no secret in the logs', () => {
  it('logs request id, method, redacted URL, status and time, and never a token or a cookie', async () => {
    const server = await startServerProcess(
      { DATABASE_URL: 'memory://', LOG_LEVEL: 'info' },
      { port: await freePortInRange(3660, 3669) },
    );
    const email = 'logged@example.com';
    await send(server.url, 'POST', '/api/users/signup', { json: { email } });
    const mailbox = await send(server.url, 'GET', `/api/dev/mailbox?to=${email}`, {
      headers: { accept: 'application/json' },
    });
    const token = new URL(mailbox.json<Array<{ link: string }>>()[0]!.link).pathname
      .split('/')
      .pop()!;
    // The dev mailbox prints the link on purpose (no SMTP, never in prd): start counting after
    // its line, which the asynchronous log may write a moment after the answer.
    for (let waited = 0; !server.output().includes('dev mailbox:') && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = server.output().length;
    await send(server.url, 'GET', `/signin/${token}`);
    const signIn = await send(server.url, 'POST', '/api/users/signin', { json: { hash: token } });
    const cookie = cookieOf(signIn);
    await send(server.url, 'GET', '/api/users/me', { headers: { cookie } });
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const log = server.output().slice(before);
    expect(log).not.toContain(token);
    expect(log).not.toContain(cookie.split('=')[1]);
    const lines = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const page = lines.find((line) =>
      (line.req as { url?: string } | undefined)?.url?.startsWith('/signin/'),
    );
    expect((page?.req as { url: string }).url).toBe('/signin/[redacted]');
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      res: { statusCode: expect.any(Number) },
      responseTime: expect.any(Number),
    });
    // One access line per request, not an incoming and a completed one.
    expect(lines.filter((line) => line.reqId === completed!.reqId)).toHaveLength(1);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});
