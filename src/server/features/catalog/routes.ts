import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packageListSchema } from '#contract/packages';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/packages', { schema: { response: { 200: packageListSchema, 304: z.undefined() } } }, async (request, reply) => {
    const { json, etag } = await app.services.catalog.snapshot();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
    // Already serialized: Fastify sends a string with a JSON content type as it is,
    // which keeps this hottest call off the serializer.
    return reply.type('application/json; charset=utf-8').send(json as never);
  });
};
