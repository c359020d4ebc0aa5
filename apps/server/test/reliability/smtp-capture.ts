import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  messageId: string;
  to: string[];
  raw: string;
}

type Refusal = { code: number; message: string } | null;

/** A free TCP port on loopback, from `from` to `to` (the range the brief gives these suites). */
export async function freePortInRange(from: number, to: number): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let offset = 0; offset <= to - from; offset++) {
    const port = from + ((start - from + offset) % (to - from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${from} and ${to}`);
}

/**
 * A real SMTP server that records every accepted message by its Message-ID, and can refuse
 * (451, 550…) or go down and come back on the same port, to stage an outage.
 */
export async function startSmtpCapture(port = 0) {
  const messages: CapturedMail[] = [];
  let answer: (to: string[]) => Refusal = () => null;
  let server: SMTPServer | undefined;
  let boundPort = port;

  async function start() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const refusal = answer(to);
          if (refusal) {
            callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
          messages.push({ messageId, to, raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (server.server.address() as AddressInfo).port;
  }

  async function stop() {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();
  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    messages,
    /** How many times each Message-ID arrived. */
    countsByMessageId(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const { messageId } of messages) counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
      return counts;
    },
    /** null accepts; otherwise the refusal to give (per recipient list). */
    setAnswer(next: (to: string[]) => Refusal) {
      answer = next;
    },
    /** Down: connections are refused until `start()`. */
    stop,
    start,
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The sign-in link in a captured mail (quoted-printable undone). */
export function linkIn(raw: string): string | undefined {
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /https?:\/\/[^\s"<>]+\/signin\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
}
