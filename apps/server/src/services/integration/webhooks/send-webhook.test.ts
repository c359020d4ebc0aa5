import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/webhook-receiver';
import { sendWebhook } from './send-webhook';
import { signWebhook } from './signing';

/**
 * The sender's guard against calls into the provider's own network: literal private addresses
 * and names that resolve to one are refused before any byte is sent, unless allowed.
 */

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

describe('private addresses', () => {
  it('refuses a literal loopback address and a name resolving to one, sending nothing', async () => {
    const port = new URL(receiver.url).port;
    for (const url of [
      `${receiver.url}/literal`,
      `https://localhost:${port}/by-name`,
      `https://[64:ff9b::7f00:1]:${port}/nat64`,
      `https://[2002:7f00:1::]:${port}/6to4`,
      `https://[::7f00:1]:${port}/compatible`,
    ]) {
      const result = await sendWebhook(url, {}, '{}', { extraCa: receiver.certificate });
      expect(result.succeeded, url).toBe(false);
      expect(result.responseStatus).toBeNull();
      expect(result.error).toMatch(/private or loopback/);
    }
    expect(receiver.received).toEqual([]);
    // The same call is let through where allowed (the tests' receiver).
    const allowed = await sendWebhook(`${receiver.url}/allowed`, {}, '{}', {
      extraCa: receiver.certificate,
      allowPrivateAddresses: true,
    });
    expect(allowed).toMatchObject({ succeeded: true, responseStatus: 204 });
  });

  it('refuses a receiver whose certificate is not trusted', async () => {
    const result = await sendWebhook(`${receiver.url}/untrusted`, {}, '{}', {
      allowPrivateAddresses: true,
    });
    expect(result.succeeded).toBe(false);
    expect(result.error).toMatch(/certificate/i);
  });
});

describe('signatures', () => {
  it('matches the example of the Standard Webhooks specification', () => {
    // The specification's test vector (standard-webhooks, spec/standard-webhooks.md).
    expect(
      signWebhook(['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], {
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});
