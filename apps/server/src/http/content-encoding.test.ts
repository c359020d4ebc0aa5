import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedText, pickEncoding } from './content-encoding';

describe('EncodedText', () => {
  const text = JSON.stringify({ greeting: 'Bonjour à tous', items: Array(200).fill('tambour') });

  it.each(['smallest', 'fast'] as const)('sends the same text in every encoding (%s)', (effort) => {
    const encoded = new EncodedText(text, effort);
    expect(encoded.encoded(undefined).toString('utf8')).toBe(text);
    expect(brotliDecompressSync(encoded.encoded('br')).toString('utf8')).toBe(text);
    expect(gunzipSync(encoded.encoded('gzip')).toString('utf8')).toBe(text);
    expect(encoded.encoded('gzip').length).toBeLessThan(encoded.bytes.length);
  });

  it('compresses once per encoding, when first asked', () => {
    const encoded = new EncodedText(text);
    const first = encoded.encoded('br');
    expect(encoded.encoded('br')).toBe(first);
    expect(encoded.encoded(undefined)).toBe(encoded.bytes);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
