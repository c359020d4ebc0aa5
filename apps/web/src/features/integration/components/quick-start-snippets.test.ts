import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typescriptReadingsExample, typescriptWebhookExample } from './quick-start-snippets';

/**
 * The quick start's TypeScript is run as an integrator runs it: written to a file and executed
 * by Node (which strips the types), not read as text.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quick-start-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs `source` as an ES module of TypeScript; answers what it printed. */
async function runTypeScript(name: string, source: string): Promise<string> {
  const file = join(dir, `${name}.mts`);
  await writeFile(file, source);
  const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 20_000 });
  return stdout.trim();
}

// The test vector of the Standard Webhooks specification (spec/standard-webhooks.md), which the
// portal's signer is tested against too.
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('the quick start’s webhook check', () => {
  it('accepts a message signed as the specification says, and refuses a changed, an old or an unsigned one', async () => {
    const at = vector.timestamp * 1000;
    const cases = {
      signed: [vector.signature, vector.body, at],
      // While a secret is renewed the header carries two signatures: either one is enough.
      twoSecrets: [`v1,AAAA ${vector.signature}`, vector.body, at],
      changedBody: [vector.signature, '{"test": 2432232315}', at],
      sixMinutesLater: [vector.signature, vector.body, at + 6 * 60_000],
      otherVersion: [vector.signature.replace('v1,', 'v2,'), vector.body, at],
      unsigned: ['', vector.body, at],
    };
    const harness = `${typescriptWebhookExample}

const cases: Record<string, [string, string, number]> = ${JSON.stringify(cases)};
const answers: Record<string, boolean> = {};
for (const [name, [signature, body, now]] of Object.entries(cases)) {
  const headers = {
    'webhook-id': ${JSON.stringify(vector.id)},
    'webhook-timestamp': '${vector.timestamp}',
    'webhook-signature': signature || undefined,
  };
  answers[name] = verifyWebhook(${JSON.stringify(vector.secret)}, headers, body, now);
}
console.log(JSON.stringify(answers));
`;
    expect(JSON.parse(await runTypeScript('verify-webhook', harness))).toEqual({
      signed: true,
      twoSecrets: true,
      changedBody: false,
      sixMinutesLater: false,
      otherVersion: false,
      unsigned: false,
    });
  });
});

describe('the quick start’s readings in TypeScript', () => {
  it('posts the batch with the key, JSON and a fresh Idempotency-Key', async () => {
    const { createServer } = await import('node:http');
    const received: Array<{ url?: string; headers: Record<string, unknown>; body: string }> = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ url: request.url, headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ accepted: 1, rejected: [] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const body = JSON.stringify({ readings: [{ drumSerial: 'TR-1' }] }, null, 2);
      const printed = await runTypeScript(
        'post-readings',
        typescriptReadingsExample({ origin: `http://127.0.0.1:${port}`, key: 'cpk_test', body }),
      );
      expect(printed).toContain('200');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        url: '/api/v1/readings',
        headers: { authorization: 'Bearer cpk_test', 'content-type': 'application/json' },
      });
      expect(received[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(received[0]!.body)).toEqual({ readings: [{ drumSerial: 'TR-1' }] });
    } finally {
      server.close();
    }
  });
});
