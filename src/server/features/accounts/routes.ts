import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerOrderListSchema,
  customerProfileSchema,
  type CustomerProfile,
  forgotPasswordRequestSchema,
  FORGOT_PASSWORD_ANSWER,
  INVALID_SETUP_LINK,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  RESEND_SETUP_LINK_ANSWER,
  resendSetupLinkRequestSchema,
  setupPasswordRequestSchema,
  setupTokenParamsSchema,
  setupTokenInvalidSchema,
  setupTokenValidSchema,
  signedInResponseSchema,
} from '#contract/accounts';
import { errorBodySchema } from '#contract/errors';
import { timeZoneChangeSchema } from '#contract/time-zones';
import { localeChangeResponseSchema, localeChangeSchema } from '#contract/locale-choice';
import type { BrowserIdOf } from '#server/http/browser-id';
import { unauthorized } from '#server/http/errors';
import type { Accounts, Caller, NewAccount } from './service';
import { CUSTOMER_SESSION, type Sessions } from '#server/http/sessions';
import { noStore } from '#server/http/no-store';
import { browserLocaleOf } from '#server/http/browser-locale';

const callerOf = (request: FastifyRequest): Caller => ({ ip: request.ip, log: request.log });

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export const accountRoutes: FastifyPluginAsyncZod<{
  accounts: Pick<Accounts, 'login' | 'profile' | 'setTimeZone' | 'setLocale' | 'checkSetupToken' | 'customerOrders'>;
  /** The account-links workflow: the changes that email a password link, and a link's use (decision 0084). */
  accountLinks: {
    register(account: NewAccount, caller: Caller): Promise<CustomerProfile>;
    setPasswordWithToken(token: string, password: string): Promise<CustomerProfile>;
    resendSetupLink(request: { email: string; orderId: string }, caller: Caller): Promise<void>;
    requestPasswordHelp(email: string, caller: Caller): Promise<void>;
  };
  /** The trial sign-up workflow, named here: a feature never imports a workflow. */
  trialSignup: {
    signUpWithTrial(
      account: NewAccount,
      steps: { caller: Caller; browserId: string; onAccount: (customerId: string) => Promise<void> },
    ): Promise<CustomerProfile>;
  };
  sessions: Pick<Sessions, 'endSession' | 'getSessionCustomerId' | 'requireCustomerId' | 'startCustomerSession'>;
  browserIdOf: BrowserIdOf;
}> = async (app, { accounts, accountLinks, trialSignup, sessions: { endSession, getSessionCustomerId, requireCustomerId, startCustomerSession }, browserIdOf }) => {
  const registerSchema = { body: registerRequestSchema, response: { 201: signedInResponseSchema, ...failures } };
  app.post('/api/register', { schema: registerSchema }, async (request, reply) => {
    const { signupType, confirmPassword: _confirmed, ...named } = request.body;
    const account = { ...named, browserLocale: browserLocaleOf(request.headers) };
    if (signupType === 'trial') return registerTrial(request, reply, account);
    const customer = await accountLinks.register(account, callerOf(request));
    await startCustomerSession(request, reply, customer.id);
    return noStore(reply).code(201).send({ customer });
  });

  app.post('/api/register-trial', { schema: registerSchema }, async (request, reply) => {
    const { signupType: _type, confirmPassword: _confirmed, ...account } = request.body;
    return registerTrial(request, reply, { ...account, browserLocale: browserLocaleOf(request.headers) });
  });

  async function registerTrial(request: FastifyRequest, reply: FastifyReply, account: NewAccount) {
    const customer = await trialSignup.signUpWithTrial(account, {
      caller: callerOf(request),
      browserId: browserIdOf(request, reply),
      onAccount: (customerId) => startCustomerSession(request, reply, customerId),
    });
    return noStore(reply).code(201).send({ customer });
  }

  app.post(
    '/api/login',
    { schema: { body: loginRequestSchema, response: { 200: signedInResponseSchema, ...failures } } },
    async (request, reply) => {
      const customer = await accounts.login(request.body, callerOf(request));
      await startCustomerSession(request, reply, customer.id);
      return noStore(reply).send({ customer });
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageResponseSchema } } }, async (request, reply) => {
    await endSession(request, reply, CUSTOMER_SESSION);
    return noStore(reply).send({ message: 'Logged out' });
  });

  // A guest gets 200 null, not a 401: every page asks on every visit, and an error status
  // would log a console error for each guest (decision 0014).
  app.get('/api/auth/me', { schema: { response: { 200: customerProfileSchema.nullable() } } }, async (request, reply) => {
    const customerId = await getSessionCustomerId(request);
    const profile = customerId ? await accounts.profile(customerId) : null;
    return noStore(reply).send(profile);
  });

  // The account's "Time zone" (decision 0074): an unknown zone is refused here, unlike the browser's at checkout.
  app.patch(
    '/api/account/time-zone',
    { schema: { body: timeZoneChangeSchema, response: { 200: customerProfileSchema, ...failures } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      const profile = await accounts.setTimeZone(customerId, request.body.timeZone);
      if (!profile) throw unauthorized();
      return noStore(reply).send(profile);
    },
  );

  // The account's language (decision 0107): its emails and Telegram messages are written in it; an unknown one is refused.
  app.patch(
    '/api/account/locale',
    { schema: { body: localeChangeSchema, response: { 200: localeChangeResponseSchema, ...failures } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      const locale = await accounts.setLocale(customerId, request.body.locale);
      if (!locale) throw unauthorized();
      return noStore(reply).send({ locale });
    },
  );

  app.get(
    '/api/setup/:token',
    {
      schema: {
        params: setupTokenParamsSchema,
        response: { 200: setupTokenValidSchema, 404: setupTokenInvalidSchema },
      },
    },
    async (request, reply) => {
      const check = await accounts.checkSetupToken(request.params.token);
      noStore(reply);
      if (!check) return reply.code(404).send({ valid: false, message: INVALID_SETUP_LINK });
      return reply.send(check);
    },
  );

  app.post(
    '/api/setup-password',
    { schema: { body: setupPasswordRequestSchema, response: { 200: signedInResponseSchema, ...failures } } },
    async (request, reply) => {
      const customer = await accountLinks.setPasswordWithToken(request.body.token, request.body.password);
      await startCustomerSession(request, reply, customer.id);
      return noStore(reply).send({ customer });
    },
  );

  app.post(
    '/api/resend-setup-link',
    { schema: { body: resendSetupLinkRequestSchema, response: { 200: messageResponseSchema, ...failures } } },
    async (request) => {
      await accountLinks.resendSetupLink(request.body, callerOf(request));
      return { message: RESEND_SETUP_LINK_ANSWER };
    },
  );

  app.post(
    '/api/forgot-password',
    { schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema, ...failures } } },
    async (request) => {
      await accountLinks.requestPasswordHelp(request.body.email, callerOf(request));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.get(
    '/api/customer/orders',
    { schema: { response: { 200: customerOrderListSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      return noStore(reply).send(await accounts.customerOrders(customerId));
    },
  );
};
