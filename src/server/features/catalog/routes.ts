import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packageListSchema } from '#contract/packages';
import { acceptedEncoding } from '#server/http/content-encoding';
import { errorBodySchema } from '#contract/errors';
import { currencyOf } from './price-lists';
import type { Catalog, CatalogSnapshot } from './service';

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
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: Pick<Catalog, 'cachedSnapshot' | 'snapshot' | 'enabledCurrencies'> }> = async (app, { catalog }) => {
  function send(request: FastifyRequest, reply: FastifyReply, snapshot: CatalogSnapshot): void {
    reply.headers(JSON_SECURITY_HEADERS).header('etag', snapshot.etag);
    if (request.headers['if-none-match'] === snapshot.etag) {
      reply.code(304).send();
      return;
    }
    reply.type('application/json; charset=utf-8');
    // A string or buffer with a JSON content type is sent as it is, skipping the serializer.
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') reply.header('content-encoding', 'br').send(snapshot.brotli);
    else if (encoding === 'gzip') reply.header('content-encoding', 'gzip').send(snapshot.gzip);
    else reply.send(snapshot.json);
  }

  // Every landing page view asks: only failures and slow answers are logged (decision 0022).
  // ?currency=EUR answers the list priced in that currency (decision 0104); without it, USD as the spec's.
  const querystring = z.object({ currency: z.string().max(20).optional() });
  app.get(
    '/api/packages',
    { config: { accessLog: 'errors-and-slow' }, schema: { querystring, response: { 200: packageListSchema, 304: z.undefined(), 400: errorBodySchema } } },
    (request, reply) => {
      const requested = request.query.currency;
      if (requested === undefined) {
        // While the list is fresh in memory the answer is written without a promise in between.
        const cached = catalog.cachedSnapshot();
        if (cached) return send(request, reply, cached);
        return catalog.snapshot().then((snapshot) => send(request, reply, snapshot));
      }
      return catalog
        .enabledCurrencies()
        .then((enabled) => catalog.snapshot(currencyOf(requested, enabled)))
        .then((snapshot) => send(request, reply, snapshot));
    },
  );
};
