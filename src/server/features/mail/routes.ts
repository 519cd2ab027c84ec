import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contract/errors';
import { emailPreferencesSchema, INVALID_UNSUBSCRIBE_LINK, UNSUBSCRIBED, unsubscribeLinkSchema, unsubscribeTokenSchema } from '#contract/mail';
import { notFound } from '#server/http/errors';
import type { Sessions } from '#server/http/sessions';
import type { Mail } from './service';
import { noStore } from '#server/http/no-store';

const messageSchema = errorBodySchema.pick({ message: true });
const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * The POST path of the List-Unsubscribe header: a mail client's one-click unsubscribe
 * (RFC 8058) and the address of the unsubscribe page itself, whose GET the client app serves.
 * The same-origin guard lets this route through (http/same-origin.ts, decision 0040).
 */
const ONE_CLICK_UNSUBSCRIBE_ROUTE = '/unsubscribe';

/** The customer's email preferences and the unsubscribe link of reminder emails (decision 0040). */
export const mailRoutes: FastifyPluginAsyncZod<{
  mail: Pick<Mail, 'remindersOn' | 'setReminders' | 'customerOfUnsubscribeToken' | 'unsubscribe'>;
  sessions: Pick<Sessions, 'requireCustomerId'>;
}> = async (app, { mail, sessions: { requireCustomerId } }) => {
  app.get('/api/customer/email-preferences', { schema: { response: { 200: emailPreferencesSchema, ...failures } } }, async (request, reply) => {
    const customerId = await requireCustomerId(request);
    return noStore(reply).send({ reminders: await mail.remindersOn(customerId) });
  });

  app.patch(
    '/api/customer/email-preferences',
    { schema: { body: emailPreferencesSchema, response: { 200: emailPreferencesSchema, ...failures } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      await mail.setReminders(customerId, request.body.reminders);
      return noStore(reply).send({ reminders: request.body.reminders });
    },
  );

  // The unsubscribe page asks whether its link is genuine before it shows its button.
  app.get(
    '/api/unsubscribe',
    { schema: { querystring: unsubscribeTokenSchema, response: { 200: unsubscribeLinkSchema, ...failures } } },
    async (request, reply) => {
      const customerId = mail.customerOfUnsubscribeToken(request.query.token);
      if (!customerId) throw notFound(INVALID_UNSUBSCRIBE_LINK);
      return noStore(reply).send({ valid: true, reminders: await mail.remindersOn(customerId) });
    },
  );

  // The page's confirm button.
  app.post('/api/unsubscribe', { schema: { body: unsubscribeTokenSchema, response: { 200: messageSchema, ...failures } } }, async (request, reply) => {
    if (!(await mail.unsubscribe(request.body.token, 'unsubscribe-page'))) throw notFound(INVALID_UNSUBSCRIBE_LINK);
    return noStore(reply).send({ message: UNSUBSCRIBED });
  });

  await app.register(async function oneClick(plain) {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // A mail client posts `List-Unsubscribe=One-Click` as a form (RFC 8058: multipart or
    // urlencoded); the token in the address is all that counts, so any small body is read and left.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    scope.post(
      ONE_CLICK_UNSUBSCRIBE_ROUTE,
      { schema: { querystring: unsubscribeTokenSchema, response: { 200: messageSchema, ...failures } } },
      async (request, reply) => {
        if (!(await mail.unsubscribe(request.query.token, 'one-click'))) throw notFound(INVALID_UNSUBSCRIBE_LINK);
        return noStore(reply).send({ message: UNSUBSCRIBED });
      },
    );
  });
};
