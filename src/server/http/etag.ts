import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressedAnswer } from './compression';
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
 * the first time it is asked (compression.ts). Only for one route's answers, which no one
 * changes once made: the text is that route's serializer's.
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

function compressedOnce(kept: KeptAnswer, encoding: KeptEncoding): Promise<Buffer> {
  let bytes = kept.compressed.get(encoding);
  if (!bytes) {
    bytes = compressedAnswer(kept.json, encoding);
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
  return { json, etag: `"${hash('sha256', json, 'base64url').slice(0, 27)}"` };
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
