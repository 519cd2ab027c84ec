import { allow } from '#server/http/staff-access';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPanelViewSchema, type AdminPanelView } from '#contract/admin-panel';
import { errorBodySchema } from '#contract/errors';
import { sendRevalidated } from '#server/http/etag';
import type { Clock } from '#server/lib/clock';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

export interface AdminPanelRouteOptions {
  /** The panel-watch workflow's view: it joins this feature's checks with the queue's waiting jobs and the orders' sales. */
  panelWatch: { view(now: Date): Promise<AdminPanelView> };
  clock: Clock;
}

/**
 * The admin's System > Panel view (decision 0093), registered inside the admin scope, whose
 * hook refuses a request without an admin session. Polled: an ETag spares an unchanged answer.
 */
export const adminPanelRoutes: FastifyPluginAsyncZod<AdminPanelRouteOptions> = async (app, { panelWatch, clock }) => {
  // Support reads the panel's health to answer customers; nothing here changes anything (decision 0098).
  app.get('/api/admin/panel', { config: allow('owner', 'support'), schema: { response: { 200: adminPanelViewSchema, ...failures } } }, async (request, reply) =>
    sendRevalidated(request, reply, await panelWatch.view(clock.now())),
  );
};
