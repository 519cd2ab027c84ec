import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { isLoopbackAddress } from './demo-payment-guard';
import { HttpError } from './errors';

export const METRICS_REFUSED_MESSAGE = 'Metrics are served to this machine, or with Authorization: Bearer and the METRICS_TOKEN';

/**
 * Headers a reverse proxy adds. A proxy on this machine connects from loopback for every
 * client it forwards, so a request carrying one of these is from elsewhere, whatever its
 * socket says (decision 0091).
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/**
 * A client on this machine: the socket's own address is loopback, and no proxy forwarded
 * the request. Never `request.ip`, which TRUST_PROXY lets X-Forwarded-For name.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress ?? '');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` with the configured token, compared in constant time. */
function bearsToken(authorization: string | undefined, token: string | undefined): boolean {
  const given = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token || !given) return false;
  // Digests of equal length, so that neither the comparison's time nor a length check tells how much matched.
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus' text format (decision 0091): to a client on this machine, or
 * to one that sends the METRICS_TOKEN; anyone else gets 401. Outside the site's plugins
 * (no cookies, no compression) and never shed, so that an overloaded store still shows why.
 */
export const metricsRoutes: FastifyPluginAsync<{ registry: Registry; token: string | undefined }> = async (app, { registry, token }) => {
  // Scraped every few seconds: only failures and slow answers are logged (decision 0022).
  const config = { accessLog: 'errors-and-slow' as const, loadShedding: 'never' as const };
  app.get('/metrics', { config }, async (request, reply) => {
    if (!fromThisMachine(request) && !bearsToken(request.headers.authorization, token)) {
      throw new HttpError(401, METRICS_REFUSED_MESSAGE, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
