import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The p-th percentile of sorted times. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** A throwaway PostgreSQL database next to `adminUrl`, dropped by `drop()`. */
export async function freshPostgres(adminUrl: string) {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Signs a new user up and in through the API and the dev mailbox (demo data attaches them to the
 * demo account); answers the session cookie to send with each measured call.
 */
export async function signInNewUser(base: string, origin: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin };
  const email = `bench-${randomBytes(3).toString('hex')}@example.com`;
  await fetch(`${base}/api/users/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  const mailbox = (await (
    await fetch(`${base}/api/dev/mailbox?to=${email}`, { headers: { accept: 'application/json' } })
  ).json()) as Array<{ link: string }>;
  const hash = new URL(mailbox[0]!.link).pathname.split('/').pop();
  const signIn = await fetch(`${base}/api/users/signin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ hash }),
  });
  return (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

/** The machine's load average over 1, 5 and 15 minutes, as the benchmarks print it. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
