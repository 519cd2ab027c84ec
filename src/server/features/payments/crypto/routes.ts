import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCryptoPaymentRequestSchema,
  cryptoInvoiceSchema,
  cryptoPaymentParamsSchema,
  cryptoPaymentSchema,
  cryptoPaymentStatusSchema,
  type CreateCryptoPaymentInput,
  type CryptoInvoice,
  type CryptoPayment,
  type CryptoPaymentStatusResponse,
  simulateCryptoPaymentRequestSchema,
} from '#contract/crypto';
import { errorBodySchema } from '#contract/errors';
import { demoPaymentsFromThisMachine } from '#server/http/demo-payment-guard';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/connect';
import type { Sessions } from '#server/http/sessions';
import type { BrowserIdOf } from '#server/http/browser-id';
import { orderAttemptLimit } from '#server/http/order-limit';
import { userAgentOf } from '#server/http/user-agent';
import { browserLocaleOf } from '#server/http/browser-locale';
import type { DemoSimulatedStatus } from '#server/providers/crypto/index';
import { paymentCheckLimit } from '../payment-check-limit';
import type { CryptoPayments } from './service';

const failures = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

export const cryptoRoutes: FastifyPluginAsyncZod<{
  db: DbOrTx;
  config: Pick<Config, 'DEMO_MODE'>;
  crypto: Pick<CryptoPayments, 'kind'>;
  /** The crypto-payment workflow's calls, named here: a feature never imports a workflow. */
  cryptoPayment: {
    createPayment(request: CreateCryptoPaymentInput, context: { customerId: string | null; browserId: string; ip: string; log: FastifyBaseLogger }): Promise<CryptoPayment>;
    pollStatus(paymentId: string, log: FastifyBaseLogger): Promise<CryptoPaymentStatusResponse>;
    receiveNotice(raw: unknown, headers: Record<string, string | string[] | undefined>, log: FastifyBaseLogger): Promise<void>;
    simulate(paymentId: string, status: DemoSimulatedStatus, log: FastifyBaseLogger): Promise<CryptoPaymentStatusResponse>;
    describeInvoicePayment(paymentId: string): Promise<CryptoInvoice>;
  };
  sessions: Pick<Sessions, 'getSessionCustomerId'>;
  browserIdOf: BrowserIdOf;
}> = async (app, { db, config, crypto, cryptoPayment, sessions: { getSessionCustomerId }, browserIdOf }) => {
  app.post(
    '/api/create-crypto-payment',
    {
      schema: { body: createCryptoPaymentRequestSchema, response: { 200: cryptoPaymentSchema, ...failures } },
      preHandler: orderAttemptLimit(db),
    },
    async (request, reply) => {
      const context = { customerId: await getSessionCustomerId(request), browserId: browserIdOf(request, reply), ip: request.ip, userAgent: userAgentOf(request.headers), browserLocale: browserLocaleOf(request.headers), log: request.log };
      const payment = await cryptoPayment.createPayment(request.body, context);
      return reply.header('cache-control', 'no-store').send(payment);
    },
  );

  app.get(
    '/api/crypto-payment/:paymentId',
    {
      schema: { params: cryptoPaymentParamsSchema, response: { 200: cryptoPaymentStatusSchema, ...failures } },
      preHandler: paymentCheckLimit(db),
    },
    async (request, reply) => {
      const status = await cryptoPayment.pollStatus(request.params.paymentId, request.log);
      return reply.header('cache-control', 'no-store').send(status);
    },
  );

  // A crypto renewal invoice of the demo provider, shown on the store's own page (decision 0046).
  app.get(
    '/api/crypto-invoices/:paymentId',
    {
      schema: { params: cryptoPaymentParamsSchema, response: { 200: cryptoInvoiceSchema, ...failures } },
      preHandler: paymentCheckLimit(db),
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await cryptoPayment.describeInvoicePayment(request.params.paymentId)),
  );

  // The body stays as sent: the signature covers every key, including ones this store does not read.
  app.post(
    '/api/crypto/ipn',
    { schema: { body: z.record(z.string(), z.unknown()), response: { 200: z.object({ received: z.literal(true) }), ...failures } } },
    async (request) => {
      await cryptoPayment.receiveNotice(request.body, request.headers, request.log);
      return { received: true as const };
    },
  );

  // The demo's simulator exists only while the demo provider takes payments; otherwise this path is 404.
  if (crypto.kind !== 'demo') return;

  app.post(
    '/api/demo/crypto-payments/:paymentId/simulate',
    {
      schema: { params: cryptoPaymentParamsSchema, body: simulateCryptoPaymentRequestSchema, response: { 200: cryptoPaymentStatusSchema, 403: errorBodySchema, ...failures } },
      preHandler: demoPaymentsFromThisMachine(config),
    },
    async (request) => cryptoPayment.simulate(request.params.paymentId, request.body.status, request.log),
  );
};
