import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import { forbidden } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Routes called from outside the store's pages, each authorised by what it carries, never
 * by a cookie: the payment providers' notices, verified by signature, and a mail client's
 * one-click unsubscribe (RFC 8058), by the signed token in its address; a webmail may post
 * that one from its own page, with its own Origin (decision 0040).
 */
const SERVER_TO_SERVER_ROUTES = new Set(['/api/stripe/webhook', '/api/crypto/ipn', '/unsubscribe']);
/** The Vite dev server, which proxies the API in development. */
const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests sent by pages of another origin (cross-site request
 * forgery): a browser always names the page's origin in Origin, or at least in Referer.
 * A request with neither comes from no browser page and passes; it carries no cookies a
 * third party could have made a browser send.
 *
 * It judges the route the router matched, never the URL as sent: the router decodes the
 * path, so `/%61pi/...` runs the `/api/...` route (decision 0027). Every state-changing
 * request is judged, matched or not, the routes of SERVER_TO_SERVER_ROUTES excepted.
 */
export function installSameOriginGuard(app: FastifyInstance, config: Config): void {
  const allowed = new Set([originOf(config.PUBLIC_URL), ...(config.NODE_ENV === 'development' ? DEV_ORIGINS : [])]);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // An unmatched request runs only the 404 handler; its path is normal (./normal-paths.ts).
    const route = request.routeOptions.url ?? request.url.split('?', 1)[0]!;
    if (SERVER_TO_SERVER_ROUTES.has(route)) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    if (origin === undefined && referer === undefined) return;
    const claimed = origin !== undefined ? originOf(origin) : originOf(referer!);
    if (!claimed || !allowed.has(claimed)) throw forbidden('Cross-site request refused');
  });
}
