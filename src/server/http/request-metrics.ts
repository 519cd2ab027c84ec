import type { FastifyInstance } from 'fastify';
import type { StoreMetrics } from '#server/lib/metrics/store-metrics';

/** The route label of answers no route gave: the client app's pages and unknown paths, answered by the not-found handler. */
export const NOT_FOUND_ROUTE = 'not-found-handler';

/**
 * Times every answer into http_request_duration_seconds by the route's pattern
 * (`/api/orders/:orderId`), never its raw path, which would make a series per order
 * (decision 0091). Installed on the root, before any route, so it sees them all.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: Pick<StoreMetrics, 'requestAnswered'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(request.routeOptions.url ?? NOT_FOUND_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
