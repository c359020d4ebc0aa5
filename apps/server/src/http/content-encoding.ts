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

export type ContentEncoding = 'br' | 'gzip';

/** Answers smaller than this go uncompressed: below it, compressing costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** How @fastify/compress compresses answers: JSON and HTML above the threshold, brotli or gzip. */
export const answerCompression = {
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'] satisfies ContentEncoding[],
};

/**
 * The same, for an answer streamed as it is made (an export): every chunk written is flushed out
 * of the compressor at once, so the reader gets the rows as they come. Left to itself, brotli
 * holds megabytes before it writes a byte and gzip holds each block, and a long export then
 * arrives in one piece at its end. A flush costs a few bytes per 64 KiB chunk.
 */
export const streamedAnswerCompression = {
  ...answerCompression,
  zlibOptions: { flush: constants.Z_SYNC_FLUSH },
  brotliOptions: {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    flush: constants.BROTLI_OPERATION_FLUSH,
  },
};

/**
 * How hard to compress. `smallest` is for texts made once and sent for the life of the process
 * (brotli 11 takes tens of ms for a page); `fast` for answers that change with the data, made
 * again after each change (what @fastify/compress does for a JSON answer: brotli 4, gzip 6).
 */
export type CompressionEffort = 'smallest' | 'fast';

const compressors: Record<CompressionEffort, Record<ContentEncoding, (bytes: Buffer) => Buffer>> = {
  smallest: {
    br: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: (bytes) => gzipSync(bytes, { level: 9 }),
  },
  fast: {
    br: (bytes) =>
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      }),
    gzip: (bytes) => gzipSync(bytes, { level: 6 }),
  },
};

/**
 * A text sent many times as it is: encoded to UTF-8 once, and compressed in each encoding the
 * first time a client asks for it, then kept. Nothing is compressed ahead of a request, so a
 * start-up pays for none of it and an encoding nobody asks for is never made.
 */
export class EncodedText {
  readonly bytes: Buffer;
  readonly #compressed: Partial<Record<ContentEncoding, Buffer>> = {};

  constructor(
    readonly text: string,
    private readonly effort: CompressionEffort = 'smallest',
  ) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  /** The bytes to send in `encoding` (none: the text itself). */
  encoded(encoding: ContentEncoding | undefined): Buffer {
    if (!encoding) return this.bytes;
    return (this.#compressed[encoding] ??= compressors[this.effort][encoding](this.bytes));
  }
}

/** The best encoding of an encoded text the request takes: brotli, gzip, or none. */
export function pickEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}
