import { createHmac, randomBytes } from 'node:crypto';

/** A signing secret: `whsec_` and 24 random bytes in base64, as Standard Webhooks writes them. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The message id a receiver sees in `webhook-id`: the same on every attempt of a message. */
export function webhookMessageId(id: string): string {
  return `msg_${id}`;
}

/**
 * The `webhook-signature` header of Standard Webhooks: for each secret, `v1,` and the base64
 * HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the secret's bytes (the base64 after
 * `whsec_`), joined by spaces. Two secrets while a rotation overlaps: a receiver that knows
 * either of them accepts the message.
 */
export function signWebhook(
  secrets: readonly string[],
  { id, timestamp, body }: { id: string; timestamp: number; body: string },
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}
