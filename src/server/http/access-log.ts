import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/** A request slower than this is logged even on the quiet fast lane (decision 0022). */
export const SLOW_REQUEST_MS = 1000;

/** Log lines are written once this many bytes wait (about 20 lines), and every LOG_FLUSH_MS whatever waits. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 500;

/**
 * The store's logger: JSON lines on stdout (or `fd`) written asynchronously, so a burst of
 * requests never waits on the terminal or the log collector, and in batches: a write per
 * line was 4% of the store's CPU in a purchase (decision 0057). Lines still pending are
 * written when the process exits (pino flushes its destination on exit); only a SIGKILL
 * can lose them.
 */
export function createLogger(level: string, fd = 1): Logger {
  return pino({ level }, pino.destination({ fd, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'errors-and-slow': the route's answers are logged only when they fail (4xx/5xx) or
     * take longer than SLOW_REQUEST_MS. For the fast lane, whose every answer is a success
     * (decision 0022).
     */
    accessLog?: 'errors-and-slow';
  }
}

/**
 * One access-log line per answer (method, path, status, time), at info for successes and
 * warn for 5xx. Replaces Fastify's two lines per request (`disableRequestLogging`).
 */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const quiet = request.routeOptions.config.accessLog === 'errors-and-slow';
    if (!quiet || status >= 400 || ms > SLOW_REQUEST_MS) {
      // The path without its query: a query may carry a reset token or a searched email.
      const line = { method: request.method, path: request.url.split('?')[0], status, ms: Math.round(ms * 10) / 10 };
      if (status >= 500) request.log.warn(line, 'request answered');
      else request.log.info(line, 'request answered');
    }
    done();
  });
}
