import type { FastifyInstance } from 'fastify';
import { listenHost, type Config } from './config';

/** Starts serving on PORT at the host listenHost chooses; resolves to the address it listens on. */
export function listen(app: FastifyInstance, config: Pick<Config, 'PORT' | 'HOST' | 'DEMO_MODE' | 'PUBLIC_URL'>): Promise<string> {
  return app.listen({ port: config.PORT, host: listenHost(config) });
}
