import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  savedCardConfirmRequestSchema,
  savedCardPaymentSchema,
  type CheckoutInput,
  type CheckoutResponse,
  type SavedCardPayment,
} from '#contract/checkout';
import type { DbOrTx } from '#server/db/connect';
import { unauthorized } from '#server/http/errors';
import type { Sessions } from '#server/http/sessions';
import type { PaymentLog } from '#server/lib/logs';
import type { BrowserIdOf } from '#server/http/browser-id';
import { orderAttemptLimit } from '#server/http/order-limit';
import type { CheckoutContext } from './context';
import { trialAvailabilitySchema } from '#contract/trials';
import { noStore } from '#server/http/no-store';
import { trialsPausedAt, type TrialTime } from './trial-claims';
import { userAgentOf } from '#server/http/user-agent';
import { browserLocaleOf } from '#server/http/browser-locale';

export const checkoutRoutes: FastifyPluginAsyncZod<{
  db: DbOrTx;
  /** The place-order workflow (decision 0089): the order, then what follows a payment (a feature never imports a workflow). */
  placeOrder: { checkout(input: CheckoutInput, context: CheckoutContext): Promise<CheckoutResponse> };
  /** The saved-card renewal workflow (decision 0076). */
  savedCardRenewal: {
    pay(input: CheckoutInput, context: CheckoutContext & { log: PaymentLog }): Promise<SavedCardPayment>;
    confirm(customerId: string, orderId: string, log: PaymentLog): Promise<SavedCardPayment>;
  };
  sessions: Pick<Sessions, 'getSessionCustomerId'>;
  browserIdOf: BrowserIdOf;
  trialTime: () => TrialTime;
}> = async (app, { db, placeOrder, savedCardRenewal, sessions: { getSessionCustomerId }, browserIdOf, trialTime }) => {
  // The trial buttons' paused state once the day's budget is spent (decision 0101); the claim refuses too.
  app.get('/api/trials/availability', { schema: { response: { 200: trialAvailabilitySchema } } }, async (_request, reply) =>
    noStore(reply).send({ paused: await trialsPausedAt(db, trialTime()) }),
  );


  app.post(
    '/api/checkout',
    { schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } }, preHandler: orderAttemptLimit(db) },
    async (request, reply) => {
      const browserId = browserIdOf(request, reply);
      const customerId = await getSessionCustomerId(request);
      return placeOrder.checkout(request.body, { customerId, browserId, ip: request.ip, userAgent: userAgentOf(request.headers), browserLocale: browserLocaleOf(request.headers), log: request.log });
    },
  );

  // A renewal paid with the subscription's saved card in one tap, and its 3-D Secure confirmation (decision 0076).
  app.post(
    '/api/checkout/saved-card',
    { schema: { body: checkoutRequestSchema, response: { 200: savedCardPaymentSchema } }, preHandler: orderAttemptLimit(db) },
    async (request, reply) => {
      const browserId = browserIdOf(request, reply);
      const customerId = await getSessionCustomerId(request);
      return savedCardRenewal.pay(request.body, { customerId, browserId, ip: request.ip, userAgent: userAgentOf(request.headers), browserLocale: browserLocaleOf(request.headers), log: request.log });
    },
  );
  app.post(
    '/api/checkout/saved-card/confirm',
    { schema: { body: savedCardConfirmRequestSchema, response: { 200: savedCardPaymentSchema } } },
    async (request) => {
      const customerId = await getSessionCustomerId(request);
      if (!customerId) throw unauthorized();
      return savedCardRenewal.confirm(customerId, request.body.orderId, request.log);
    },
  );
};
