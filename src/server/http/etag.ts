import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** The JSON text and ETag of answers handed out again unchanged, by the answer (sendRevalidatedKept). */
const writtenAnswers = new WeakMap<object, Written>();

/**
 * sendRevalidated for an answer its route hands out again, the same object, while it has not
 * changed (the customer records, decision 0065): its JSON text and ETag are written once and
 * sent again with it. Only for one route's answers, which no one changes once made: the text
 * is that route's serializer's.
 */
export function sendRevalidatedKept(request: FastifyRequest, reply: FastifyReply, body: object): FastifyReply {
  let kept = writtenAnswers.get(body);
  if (!kept) {
    kept = written(reply, body);
    writtenAnswers.set(body, kept);
  }
  return sendWritten(request, reply, kept);
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

function sendWritten(request: FastifyRequest, reply: FastifyReply, { json, etag }: Written): FastifyReply {
  reply.header('etag', etag).header('cache-control', 'no-store');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
