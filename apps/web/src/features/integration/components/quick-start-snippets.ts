/**
 * The quick start's TypeScript, as the integration page shows it: plain strings, so a test can
 * run exactly what an integrator copies.
 */

/**
 * The example batch, written out: two readings of one drum, one in metres with the sensor's
 * battery and signal, one in percent.
 */
export function readingsExampleBody({
  drumSerial,
  measuredAt,
}: {
  drumSerial: string;
  measuredAt: string;
}): string {
  return JSON.stringify(
    {
      readings: [
        { drumSerial, remainingLength: 420, measuredAt, battery: 87, signal: -97 },
        { drumSerial, remainingPercent: 35, measuredAt },
      ],
    },
    null,
    2,
  );
}

/** Sends one batch of readings with curl, a new idempotency key each time (`uuidgen`). */
export function curlReadingsExample({
  origin,
  key,
  body,
}: {
  origin: string;
  key: string;
  /** The JSON body, already written out. */
  body: string;
}): string {
  return [
    `curl -X POST ${origin}/api/v1/readings \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -d '${body.replace(/\n/g, '\n  ')}'`,
  ].join('\n');
}

/** Sends one batch of readings with fetch (Node 18 or later, or a browser-less runtime). */
export function typescriptReadingsExample({
  origin,
  key,
  body,
}: {
  origin: string;
  key: string;
  /** The JSON body, already written out. */
  body: string;
}): string {
  return `import { randomUUID } from 'node:crypto';

const response = await fetch('${origin}/api/v1/readings', {
  method: 'POST',
  headers: {
    Authorization: 'Bearer ${key}',
    'Content-Type': 'application/json',
    // A retry with the same key gets the first answer: nothing is recorded twice.
    'Idempotency-Key': randomUUID(),
  },
  body: JSON.stringify(${body.replace(/\n/g, '\n  ')}),
});
if (response.status === 429) {
  // Wait as long as the portal says before the next call.
  console.log('retry after', response.headers.get('retry-after'), 's');
}
console.log(response.status, await response.json());`;
}

/**
 * Checks a webhook as Standard Webhooks signs it: the HMAC-SHA256 of `id.timestamp.body` keyed
 * with the secret's bytes, compared in constant time with each `v1,` signature of the header,
 * and a timestamp within five minutes so an old message cannot be replayed.
 */
export const typescriptWebhookExample = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** Whether a webhook came from the portal: call it with the raw body, before parsing it. */
export function verifyWebhook(
  secret: string, // whsec_…, shown once when the endpoint was created
  headers: Record<string, string | undefined>,
  rawBody: string,
  now: number = Date.now(),
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(\`\${id}.\${timestamp}.\${rawBody}\`)
    .digest();
  return signatures.split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;
