import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '#server/config';
import { forbidden } from './errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by payment providers' servers, which send no browser headers and are verified by signature. */
const SERVER_TO_SERVER_PATHS = new Set(['/api/stripe/webhook', '/api/crypto/ipn']);
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
 * Refuses state-changing API requests sent by pages of another origin (cross-site request
 * forgery): a browser always names the page's origin in Origin, or at least in Referer.
 * A request with neither comes from no browser page and passes; it carries no cookies a
 * third party could have made a browser send.
 */
export function installSameOriginGuard(app: FastifyInstance, config: Config): void {
  const allowed = new Set([originOf(config.PUBLIC_URL), ...(config.NODE_ENV === 'development' ? DEV_ORIGINS : [])]);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    if (SERVER_TO_SERVER_PATHS.has(request.url.split('?')[0]!)) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    if (origin === undefined && referer === undefined) return;
    const claimed = origin !== undefined ? originOf(origin) : originOf(referer!);
    if (!claimed || !allowed.has(claimed)) throw forbidden('Cross-site request refused');
  });
}
