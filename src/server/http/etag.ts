import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliInOneCall, COMPRESSED_IN_ONE_CALL_MAX } from './compression';
import { acceptedEncoding, type KeptEncoding } from './content-encoding';

/**
 * Answers a polled read with an ETag of its body, and a bodiless 304 when the caller
 * already holds that body (If-None-Match): a dashboard polling every few seconds then
 * costs one indexed query and a few bytes on the wire while nothing changes. The body
 * goes through the route's own serializer, so its response schema still applies. Never
 * stored by a browser or proxy: these answers carry customers' data.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  return sendWritten(request, reply, written(reply, body));
}

/** The JSON text, ETag and compressed forms of answers handed out again unchanged, by the answer (sendRevalidatedKept). */
const writtenAnswers = new WeakMap<object, KeptAnswer>();

/**
 * sendRevalidated for an answer its route hands out again, the same object, while it has not
 * changed (the customer records, decision 0065): its JSON text and ETag are written once and
 * sent again with it, and so is each compression a browser asks for (decision 0066), made
 * the first time it is asked. Only for one route's answers, which no
 * one changes once made: the text is that route's serializer's.
 */
export async function sendRevalidatedKept(request: FastifyRequest, reply: FastifyReply, body: object): Promise<FastifyReply> {
  let kept = writtenAnswers.get(body);
  if (!kept) {
    kept = { ...written(reply, body), compressed: new Map() };
    writtenAnswers.set(body, kept);
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || holdsAlready(request, kept.etag)) return sendWritten(request, reply, kept);
  const bytes = await compressedOnce(kept, encoding);
  // Already compressed: the site's compression plugin passes on an answer with a Content-Encoding.
  return withTag(reply, kept.etag).header('vary', 'accept-encoding').header('content-encoding', encoding).type(JSON_TYPE).send(bytes);
}

const brotliText = promisify(brotliCompress);
const gzipText = promisify(gzip);
/**
 * The same settings as the site's compression of other answers (compression.ts): in one call
 * up to its size, through zlib's thread pool above it (a whole first page of records).
 */
const compressors: Record<KeptEncoding, (text: string) => Promise<Buffer>> = {
  br: (text) =>
    text.length <= COMPRESSED_IN_ONE_CALL_MAX
      ? Promise.resolve(text).then(brotliInOneCall)
      : brotliText(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } }),
  gzip: (text) => (text.length <= COMPRESSED_IN_ONE_CALL_MAX ? Promise.resolve(text).then((t) => gzipSync(t)) : gzipText(text)),
};

function compressedOnce(kept: KeptAnswer, encoding: KeptEncoding): Promise<Buffer> {
  let bytes = kept.compressed.get(encoding);
  if (!bytes) {
    bytes = compressors[encoding](kept.json);
    // A failed compression is not kept: the next call tries again.
    bytes.catch(() => kept.compressed.delete(encoding));
    kept.compressed.set(encoding, bytes);
  }
  return bytes;
}

interface KeptAnswer extends Written {
  compressed: Map<KeptEncoding, Promise<Buffer>>;
}

interface Written {
  json: string;
  etag: string;
}

function written(reply: FastifyReply, body: unknown): Written {
  // The route's serializer writes JSON text.
  const json = reply.serialize(body) as string;
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

function holdsAlready(request: FastifyRequest, etag: string): boolean {
  const held = request.headers['if-none-match'];
  return held !== undefined && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const JSON_TYPE = 'application/json; charset=utf-8';

const withTag = (reply: FastifyReply, etag: string) => reply.header('etag', etag).header('cache-control', 'no-store');

/** The JSON text, or a bodiless 304 when the caller already holds it. */
function sendWritten(request: FastifyRequest, reply: FastifyReply, { json, etag }: Written): FastifyReply {
  withTag(reply, etag);
  if (holdsAlready(request, etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(json);
}
