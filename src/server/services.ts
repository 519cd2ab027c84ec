import type { Config } from './config';
import type { Database } from './db/connect';
import { createCatalog } from './features/catalog/service';
import { selectMailProvider, type MailProvider } from './providers/mail';

/** What the application is built from; tests pass their own (ARCHITECTURE D3). */
export interface AppDeps {
  config: Config;
  database: Database;
  /** The built client's folder; null serves the API only (API tests). */
  clientDir: string | null;
  /** Providers that tests replace; otherwise chosen from the configuration (D7). */
  providers?: { mail?: MailProvider };
}

/** The services of every feature, created once per app and reached as `app.services`. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  return {
    catalog: createCatalog(db),
    mail: deps.providers?.mail ?? selectMailProvider(deps.config, db),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: Services;
  }
}
