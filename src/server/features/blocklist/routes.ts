import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TOTAL_COUNT_HEADER } from '#contract/admin';
import { adminBlocklistPaths } from '#contract/admin-blocklist-paths';
import {
  blockBuyerRequestSchema,
  blockBuyerResponseSchema,
  blocklistEntryListSchema,
  blocklistEntryParamsSchema,
  blocklistEntrySchema,
  blocklistQuerySchema,
  blocklistRemovalSchema,
  newBlocklistEntrySchema,
  type BlockBuyerResponse,
  type BlocklistEntry,
  type BlocklistQuery,
  type NewBlocklistEntry,
} from '#contract/admin-blocklist';
import { adminOrderParamsSchema } from '#contract/admin-orders';
import { errorBodySchema } from '#contract/errors';
import type { AuditActor } from '#domain/actors';
import { sendRevalidated } from '#server/http/etag';
import { allow } from '#server/http/staff-access';
import { noStore } from '#server/http/no-store';

/** Who the store refuses is the owner's call (decision 0098). */
const OWNER = allow('owner');
const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export interface AdminBlocklistRouteOptions {
  /** The feature's own read. */
  page: (query: BlocklistQuery) => Promise<{ items: BlocklistEntry[]; total: number }>;
  /** The blocklist workflow's calls, named here: a feature never imports a workflow. */
  changes: {
    add(entry: NewBlocklistEntry, actor: AuditActor): Promise<BlocklistEntry>;
    remove(id: string, actor: AuditActor): Promise<BlocklistEntry>;
    blockBuyer(orderId: string, reason: string, actor: AuditActor): Promise<BlockBuyerResponse>;
  };
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
}

/**
 * The admin's Blocklist section and "Block this buyer" (decision 0099), registered inside the
 * admin scope, whose hook refuses a request without an admin session; every change is audited.
 */
export const adminBlocklistRoutes: FastifyPluginAsyncZod<AdminBlocklistRouteOptions> = async (app, { page, changes, actingAdmin }) => {
  app.get(adminBlocklistPaths.list, { config: OWNER, schema: { querystring: blocklistQuerySchema, response: { 200: blocklistEntryListSchema, ...failures } } }, async (request, reply) => {
    const listed = await page(request.query);
    reply.header(TOTAL_COUNT_HEADER, listed.total);
    return sendRevalidated(request, reply, listed.items);
  });

  app.post(adminBlocklistPaths.list, { config: OWNER, schema: { body: newBlocklistEntrySchema, response: { 201: blocklistEntrySchema, ...failures } } }, async (request, reply) =>
    noStore(reply)
      .code(201)
      .send(await changes.add(request.body, await actingAdmin(request))),
  );

  app.delete('/api/admin/blocklist/:id', { config: OWNER, schema: { params: blocklistEntryParamsSchema, response: { 200: blocklistRemovalSchema, ...failures } } }, async (request, reply) => {
    const removed = await changes.remove(request.params.id, await actingAdmin(request));
    return noStore(reply).send({ id: removed.id, message: `Removed ${removed.value} from the blocklist` });
  });

  app.post(
    '/api/admin/orders/:orderId/block',
    { config: OWNER, schema: { params: adminOrderParamsSchema, body: blockBuyerRequestSchema, response: { 200: blockBuyerResponseSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await changes.blockBuyer(request.params.orderId, request.body.reason, await actingAdmin(request))),
  );
};
