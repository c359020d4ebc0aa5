import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWebhookAddress, isPublicAddress } from './public-address';

/**
 * Webhooks go to global unicast addresses only. An address that embeds an IPv4 address is
 * judged as that address whatever its spelling, and every special range is refused.
 */

const byte = fc.integer({ min: 0, max: 255 });
const hex16 = (high: number, low: number) => ((high << 8) | low).toString(16);

/** IPv4 addresses of networks the portal never calls. */
const internalV4 = fc.oneof(
  fc.tuple(fc.constant(127), byte, byte, byte),
  fc.tuple(fc.constant(10), byte, byte, byte),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), byte, byte),
  fc.tuple(fc.constant(192), fc.constant(168), byte, byte),
  fc.tuple(fc.constant(169), fc.constant(254), byte, byte),
  fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), byte, byte),
  fc.tuple(fc.constant(0), byte, byte, byte),
  fc.tuple(fc.integer({ min: 224, max: 255 }), byte, byte, byte),
);

/** IPv4 addresses of ordinary public networks (first octets allocated to global unicast). */
const publicV4 = fc.tuple(
  fc.constantFrom(1, 8, 9, 23, 45, 51, 62, 81, 93, 104, 151, 185, 212),
  byte,
  byte,
  byte,
);

/** The spellings of an IPv6 address that carries `v4` and stands for it. */
const carriers = (v4: number[], variant: number): string[] => {
  const [a, b, c, d] = v4 as [number, number, number, number];
  const dotted = `${a}.${b}.${c}.${d}`;
  const high = hex16(a, b);
  const low = hex16(c, d);
  const upper = (text: string) => (variant % 2 ? text.toUpperCase() : text);
  return [
    `::ffff:${dotted}`,
    upper(`::ffff:${high}:${low}`),
    `0:0:0:0:0:ffff:${dotted}`,
    upper(`0000:0000:0000:0000:0000:FFFF:${high.padStart(4, '0')}:${low}`),
    `::ffff:0:${dotted}`,
    `64:ff9b::${dotted}`,
    upper(`64:ff9b::${high}:${low}`),
    upper(`2002:${high}:${low}::${variant.toString(16)}`),
  ];
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '::7f00:1',
    '::127.0.0.1',
    '::808:808',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:0:127.0.0.1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '64:ff9b:1::8.8.8.8',
    'fec0::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '3fff::1',
    '2001:2::1',
    '4000::1',
    'localhost',
    'not an address',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700::1111',
    '2a00:1450:4007:80f::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses an internal IPv4 address in every IPv6 spelling, as the URL parser leaves it or not', () => {
    fc.assert(
      fc.property(internalV4, fc.nat(15), (v4, variant) => {
        for (const spelling of [v4.join('.'), ...carriers(v4, variant)]) {
          expect(isPublicAddress(spelling), spelling).toBe(false);
          const host = new URL(`https://${spelling.includes(':') ? `[${spelling}]` : spelling}/`)
            .hostname;
          expect(isPublicAddress(host), `${spelling} as ${host}`).toBe(false);
        }
      }),
    );
  });

  it('lets a public IPv4 address through in the spellings that reach it, never IPv4-compatible', () => {
    fc.assert(
      fc.property(publicV4, fc.nat(15), (v4, variant) => {
        for (const spelling of [v4.join('.'), ...carriers(v4, variant)]) {
          expect(isPublicAddress(spelling), spelling).toBe(true);
        }
        // IPv4-compatible (::/96, deprecated) routes nowhere; URLs spell it in hex.
        const compatible = new URL(`https://[::${v4.join('.')}]/`).hostname;
        expect(isPublicAddress(compatible), compatible).toBe(false);
      }),
    );
  });

  it('refuses every address of the special IPv6 ranges', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16));
    const rest = fc.array(group, { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(
        fc.constantFrom(
          (g: string, r: string[]) => `fc${g.padStart(4, '0').slice(2)}:${r.join(':')}::1`,
          (g: string, r: string[]) => `fd${g.padStart(4, '0').slice(2)}:${r.join(':')}::1`,
          (_g: string, r: string[]) => `fe80::${r.slice(0, 4).join(':')}`,
          (_g: string, r: string[]) => `fec0::${r.slice(0, 4).join(':')}`,
          (g: string, r: string[]) =>
            `ff${g.padStart(4, '0').slice(2)}::${r.slice(0, 4).join(':')}`,
          (_g: string, r: string[]) => `2001:db8:${r.join(':')}`,
          (_g: string, r: string[]) => `2001:0:${r.join(':')}`,
          (_g: string, r: string[]) => `64:ff9b:1:${r.join(':')}`,
          (g: string, r: string[]) => `::${g}:${r[0]}`,
        ),
        group,
        rest,
        (spell, g, r) => {
          const address = spell(g, r);
          expect(isPublicAddress(address), address).toBe(false);
        },
      ),
    );
  });
});

describe('checkWebhookAddress', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[64:ff9b::7f00:1]/hook',
    'https://[2002:7f00:1::]/hook',
    'https://[::7f00:1]/hook',
    'https://0x7f.1/hook',
    'https://2130706433/hook',
    'https://localhost:8443/hook',
    'https://api.localhost/hook',
  ])('refuses %s', async (url) => {
    await expect(checkWebhookAddress(url)).rejects.toMatchObject({
      code: 'integration.webhook_address_not_public',
    });
  });

  it('accepts a public address, a name that does not resolve yet, and anything where allowed', async () => {
    await expect(checkWebhookAddress('https://93.184.215.14/hook')).resolves.toBeUndefined();
    await expect(checkWebhookAddress('https://receiver.invalid/hook')).resolves.toBeUndefined();
    await expect(
      checkWebhookAddress('https://127.0.0.1/hook', { allowPrivateAddresses: true }),
    ).resolves.toBeUndefined();
  });
});
