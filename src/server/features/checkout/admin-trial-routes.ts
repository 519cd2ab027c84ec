import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contract/errors';
import {
  trialBudgetChangeSchema,
  trialBudgetSchema,
  trialConversionQuerySchema,
  trialConversionSchema,
  type TrialBudget,
  type TrialConversion,
} from '#contract/trials';
import type { AuditActor } from '#domain/actors';
import type { DbOrTx } from '#server/db/connect';
import { noStore } from '#server/http/no-store';
import { allow } from '#server/http/staff-access';
import { trialDailyBudget, trialDayAt, trialsStartedOn } from './trial-budget';
import type { TrialTime } from './trial-claims';

/** How many trials the store gives and how they convert are the owner's (decision 0098). */
const OWNER = allow('owner');
const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

const adminTrialPaths = { budget: '/api/admin/trial-budget', conversion: '/api/admin/trial-conversion' } as const;

export interface AdminTrialRouteOptions {
  db: DbOrTx;
  trialTime: () => TrialTime;
  /** The admin-changes workflow's call: the budget with its audit row. */
  setBudget: (dailyBudget: number, actor: AuditActor) => Promise<void>;
  /** The reports feature's read-only figure. */
  conversion: (weeks: number) => Promise<TrialConversion>;
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
}

/** The owner's Trials section (decision 0101): the daily budget and trials -> paid by week. */
export const adminTrialRoutes: FastifyPluginAsyncZod<AdminTrialRouteOptions> = async (app, { db, trialTime, setBudget, conversion, actingAdmin }) => {
  async function budgetNow(): Promise<TrialBudget> {
    const { now, timeZone } = trialTime();
    const { day } = trialDayAt(now, timeZone);
    const [dailyBudget, startedToday] = await Promise.all([trialDailyBudget(db), trialsStartedOn(db, day)]);
    return { dailyBudget, startedToday, day };
  }

  app.get(adminTrialPaths.budget, { config: OWNER, schema: { response: { 200: trialBudgetSchema, ...failures } } }, async (_request, reply) =>
    noStore(reply).send(await budgetNow()),
  );

  app.patch(
    adminTrialPaths.budget,
    { config: OWNER, schema: { body: trialBudgetChangeSchema, response: { 200: trialBudgetSchema, ...failures } } },
    async (request, reply) => {
      await setBudget(request.body.dailyBudget, await actingAdmin(request));
      return noStore(reply).send(await budgetNow());
    },
  );

  app.get(
    adminTrialPaths.conversion,
    { config: OWNER, schema: { querystring: trialConversionQuerySchema, response: { 200: trialConversionSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await conversion(request.query.weeks)),
  );
};
