import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '#server/db/connect';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/db/outage';

/** Liveness answers while the process runs; readiness only while the database answers. */
export const healthRoutes: FastifyPluginAsync<{ database: Pick<Database, 'executeSql'> }> = async (app, { database }) => {
  // Probes poll these every few seconds: only failures and slow answers are logged (decision 0022).
  // Never shed: a busy instance is alive and ready, not one to restart (decision 0091).
  const config = { accessLog: 'errors-and-slow' as const, loadShedding: 'never' as const };
  app.get('/healthz', { config }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config }, async (_request, reply) => {
    if (app.shuttingDown) return reply.code(503).send({ message: 'Shutting down' });
    try {
      await database.executeSql('select 1', []);
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
