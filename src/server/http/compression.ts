import { brotliCompressSync, constants } from 'node:zlib';

/**
 * Answers up to this size are compressed in one call on the main thread; larger ones stream
 * through zlib's thread pool. Handing a compression to the pool costs the store more CPU than
 * the compression of a page of orders itself (decision 0069).
 */
export const COMPRESSED_IN_ONE_CALL_MAX = 128 * 1024;

/** Answers shorter than this go uncompressed: a few bytes saved would not pay for the call. */
const COMPRESSED_FROM = 1024;

/**
 * Brotli at @fastify/compress's own settings (text mode, quality 4), told the input's size,
 * which lets the encoder choose for a small input: a 3 KB answer cost half the CPU with it
 * (decision 0069).
 */
export function brotliInOneCall(input: Buffer | string): Buffer {
  return brotliCompressSync(input, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(input),
    },
  });
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
  zlib: { brotliCompressSync: (payload: Buffer) => brotliInOneCall(payload) },
};
