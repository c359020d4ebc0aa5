import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings a request accepts (a `q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** A text compressed once, ahead of the requests that will get it. */
export interface PrecompressedText {
  body: string;
  compressed: { br: Buffer; gzip: Buffer };
}

export function precompress(body: string): PrecompressedText {
  return {
    body,
    compressed: {
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(body, { level: 9 }),
    },
  };
}

/** The best encoding of a precompressed text the request takes: brotli, gzip, or none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}
