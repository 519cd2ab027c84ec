import type { FastifyPluginAsync } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/db/outage';

/** Liveness answers while the process runs; readiness only while the database answers. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (app.shuttingDown) return reply.code(503).send({ message: 'Shutting down' });
    try {
      await app.deps.database.executeSql('select 1', []);
      return { status: 'ready' };
    } catch {
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({ message: 'Database unavailable' });
    }
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    shuttingDown?: boolean;
  }
}
