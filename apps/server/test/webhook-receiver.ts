import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the receiver answers next: a status (with a Location for a 3xx), or no answer at all. */
export type ReceiverBehaviour = { status: number; location?: string } | 'hang';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  /** https://127.0.0.1:<port>; add a path to tell endpoints apart. */
  url: string;
  /** The receiver's self-signed certificate (PEM), which the server under test must trust. */
  certificate: string;
  received: ReceivedWebhook[];
  /** Sets the answer of the requests to `path` (every path when omitted). */
  behave(behaviour: ReceiverBehaviour, path?: string): void;
  close(): Promise<void>;
}

/**
 * A local HTTPS receiver with a certificate made for this run (openssl, for 127.0.0.1): it
 * records every request and answers as told, or never (to test the sender's timeout).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-receiver-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(keyFile, 'utf8');
  const certificate = readFileSync(certFile, 'utf8');
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedWebhook[] = [];
  const behaviours = new Map<string, ReceiverBehaviour>();
  let fallback: ReceiverBehaviour = { status: 204 };
  const server: Server = createServer({ key, cert: certificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const behaviour = behaviours.get(path) ?? fallback;
      // A hanging answer is left open: the sender's timeout must end it.
      if (behaviour === 'hang') return;
      response.writeHead(
        behaviour.status,
        behaviour.location ? { location: behaviour.location } : {},
      );
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    certificate,
    received,
    behave(behaviour, path) {
      if (path === undefined) {
        fallback = behaviour;
        behaviours.clear();
      } else behaviours.set(path, behaviour);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
