import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { KeptEncoding } from './content-encoding';

/**
 * Answers up to this size are compressed in one call on the main thread; larger ones stream
 * through zlib's thread pool. Handing a compression to the pool costs the store more CPU than
 * the compression of a page of orders itself (decision 0069).
 */
const COMPRESSED_IN_ONE_CALL_MAX = 128 * 1024;

/** Answers shorter than this go uncompressed: a few bytes saved would not pay for the call. */
const COMPRESSED_FROM = 1024;

/**
 * Brotli at @fastify/compress's own settings (text mode, quality 4), told the input's size,
 * which lets the encoder choose for a small input: a 3 KB answer cost half the CPU with it
 * (decision 0069).
 */
const brotliOptions = (input: Buffer | string): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(input),
  },
});

export const brotliInOneCall = (input: Buffer | string): Buffer => brotliCompressSync(input, brotliOptions(input));

const brotliInThePool = promisify(brotliCompress);
const gzipInThePool = promisify(gzip);

/**
 * An answer's text compressed as the site compresses its answers: in one call up to
 * COMPRESSED_IN_ONE_CALL_MAX, through zlib's thread pool above it (a whole first page of
 * customer records). A failure rejects, in either case.
 */
export function compressedAnswer(text: string, encoding: KeptEncoding): Promise<Buffer> {
  if (text.length > COMPRESSED_IN_ONE_CALL_MAX) return encoding === 'br' ? brotliInThePool(text, brotliOptions(text)) : gzipInThePool(text);
  return Promise.resolve(text).then((input) => (encoding === 'br' ? brotliInOneCall(input) : gzipSync(input)));
}

/**
 * The site's compression plugin's options: @fastify/compress compresses a buffered answer in
 * one call up to `syncThreshold` (8 KB by its default on 2 cores), with the brotli call of
 * the `zlib` given; gzip and streams stay the plugin's own.
 */
export const siteCompression = {
  global: true,
  threshold: COMPRESSED_FROM,
  syncThreshold: COMPRESSED_IN_ONE_CALL_MAX,
  zlib: { brotliCompressSync: brotliInOneCall },
};
