// A real SMTP server for the end-to-end "real mail" journey: it accepts every message on an SMTP
// port and shows what it received on a small HTTP port (GET /messages → JSON). Loopback only.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_CAPTURE_PORT ?? 2525);
const httpPort = Number(process.env.SMTP_CAPTURE_HTTP_PORT ?? 2526);
const messages: Array<{ to: string[]; raw: string; receivedAt: string }> = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  if (request.url === '/health') {
    response.end('ok');
    return;
  }
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(messages));
}).listen(httpPort, '127.0.0.1');
