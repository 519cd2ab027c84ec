import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packageListSchema } from '#contract/packages';

/** What helmet would add to a JSON answer, set in one call on this hot path. */
const JSON_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  vary: 'accept-encoding',
  'cache-control': 'no-cache',
};

/**
 * GET /api/packages, the hottest call of the store: the list is kept serialized and
 * compressed in memory (catalog service), so an answer is a header lookup and a write.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/packages', { schema: { response: { 200: packageListSchema, 304: z.undefined() } } }, async (request, reply) => {
    const snapshot = await app.services.catalog.snapshot();
    reply.headers(JSON_SECURITY_HEADERS).header('etag', snapshot.etag);
    if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send(undefined);
    reply.type('application/json; charset=utf-8');
    // A string or buffer with a JSON content type is sent as it is, skipping the serializer.
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(snapshot.brotli as never);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(snapshot.gzip as never);
    return reply.send(snapshot.json as never);
  });
};
