import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback for the mail tests. `answer` decides each message's fate:
 * accept, or reject with an SMTP code (451 transient, 550 permanent).
 */
export async function startSmtpTestServer() {
  const received: ReceivedMail[] = [];
  let answer: () => { code: number; message: string } | null = () => null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = answer();
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          callback(error);
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** null accepts; otherwise the refusal to give. */
    setAnswer(next: () => { code: number; message: string } | null) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A received mail's raw text with its quoted-printable encoding undone, read as UTF-8: what the
 * reader's mail client shows, headers and both parts.
 */
export function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < unfolded.length; index += 1) {
    const hex = /^=([0-9A-F]{2})/.exec(unfolded.slice(index, index + 3));
    if (hex) {
      bytes.push(parseInt(hex[1]!, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
