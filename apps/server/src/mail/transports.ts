import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  link: string | null;
}

export interface MailTransport {
  /** Resolves with the message id, or rejects with a MailDeliveryError. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** `permanent` for a 5xx answer (retrying cannot help); everything else is worth retrying. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * Real mail through SMTP_URL with nodemailer, loaded with the first mail to send rather than at
 * start-up (a process may send none for a while, and the first answer waits for what loads).
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  let transporter: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // Fail fast: the worker retries with backoff instead of holding a connection.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  };
  return {
    async send(mail) {
      try {
        const info = await (
          await (transporter ??= connect())
        ).sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          // Our outbox id, so a receiving system can recognise a retried duplicate.
          messageId: `<${mail.id}@portal>`,
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return { messageId: info.messageId };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new MailDeliveryError(
          (error as Error).message,
          typeof code === 'number' && code >= 500 && code < 600,
        );
      }
    },
    close: () => void transporter?.then((open) => open.close()),
  };
}

/**
 * Without SMTP_URL (never in prd): the mail stays in the outbox table, readable at
 * GET /api/dev/mailbox, and its sign-in link is printed on the server log.
 */
export function createDevMailboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async send(mail) {
      log.info(
        { to: mail.to, subject: mail.subject, link: mail.link },
        `dev mailbox: ${mail.link ?? mail.subject}`,
      );
      return { messageId: `<${mail.id}@dev-mailbox>` };
    },
    close: () => undefined,
  };
}
