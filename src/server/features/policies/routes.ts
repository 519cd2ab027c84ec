import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contract/errors';
import {
  adminPolicyListSchema,
  adminPolicySchema,
  POLICY_NOT_FOUND,
  policyEditSchema,
  policyParamsSchema,
  policyPreviewSchema,
  publicPolicySchema,
} from '#contract/policies';
import { isPolicyName, type PolicyName } from '#contract/policy-paths';
import type { AuditActor } from '#domain/actors';
import type { DbOrTx } from '#server/db/connect';
import { notFound } from '#server/http/errors';
import { allow } from '#server/http/staff-access';
import { adminPolicies, currentPolicy } from './policies';
import { renderPolicy } from './render';
import { noStore } from '#server/http/no-store';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/** The policy a path names; any other name is a policy that does not exist. */
function policyNamed(name: string): PolicyName {
  if (!isPolicyName(name)) throw notFound(POLICY_NOT_FOUND);
  return name;
}

/** The policies are the owner's to edit (decision 0098); their text is public anyway. */
const OWNER = allow('owner');

/**
 * GET /api/policies/:name, for anyone (decision 0097): no session is read. A shared cache may
 * keep it a few seconds; a browser asks each time, so an owner's edit shows on the next visit.
 */
export const policyRoutes: FastifyPluginAsyncZod<{ db: DbOrTx }> = async (app, { db }) => {
  app.get('/api/policies/:name', { schema: { params: policyParamsSchema, response: { 200: publicPolicySchema, 404: errorBodySchema } } }, async (request, reply) =>
    reply.header('cache-control', 'public, max-age=0, s-maxage=10').send(await currentPolicy(db, policyNamed(request.params.name))),
  );
};

export interface AdminPolicyRouteOptions {
  db: DbOrTx;
  /** The admin-changes workflow's call: the new version and its audit row (a feature never imports a workflow). */
  policyEdits: { editPolicy(name: PolicyName, markdown: string, actor: AuditActor): Promise<void> };
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
}

/** The admin's Policies section, inside the admin scope, whose hook refuses a request without an admin session. */
export const adminPolicyRoutes: FastifyPluginAsyncZod<AdminPolicyRouteOptions> = async (app, { db, policyEdits, actingAdmin }) => {
  app.get('/api/admin/policies', { config: OWNER, schema: { response: { 200: adminPolicyListSchema, ...failures } } }, async (_request, reply) =>
    noStore(reply).send(await adminPolicies(db)),
  );

  // A draft's preview, rendered by the same code as the page, so what the owner sees is what buyers will.
  app.post('/api/admin/policies/preview', { config: OWNER, schema: { body: policyEditSchema, response: { 200: policyPreviewSchema, ...failures } } }, async (request, reply) =>
    noStore(reply).send({ html: renderPolicy(request.body.markdown) }),
  );

  app.put(
    '/api/admin/policies/:name',
    { config: OWNER, schema: { params: policyParamsSchema, body: policyEditSchema, response: { 200: adminPolicySchema, ...failures } } },
    async (request, reply) => {
      const name = policyNamed(request.params.name);
      await policyEdits.editPolicy(name, request.body.markdown, await actingAdmin(request));
      const [edited] = await adminPolicies(db, [name]);
      return noStore(reply).send(edited);
    },
  );
};
