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
  // The route's serializer writes JSON text.
  const json = reply.serialize(body) as string;
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'no-store');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
